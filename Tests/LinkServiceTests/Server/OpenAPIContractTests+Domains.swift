import HTTPTypes
import LinkServiceTesting
import Testing

extension OpenAPIContractTests {
    /// The domain calls and the statuses ``driveDomains(_:key:otherKey:)`` gets from each.
    static let domainStatuses: [String: Set<Int>] = [
        "POST /api/v1/domains": [201, 400, 401, 409, 413],
        "GET /api/v1/domains": [200, 401],
        "GET /api/v1/domains/{domain}": [200, 401, 404],
        "POST /api/v1/domains/{domain}/verify": [200, 404],
        "DELETE /api/v1/domains/{domain}": [204, 401, 404, 409],
    ]

    /// Adds, reads, verifies (against a DNS server that is not there: still pending) and removes
    /// a runtime domain, with the refusals along the way.
    static func driveDomains(_ api: Recorder, key: String, otherKey: String) async throws {
        let auth: HTTPFields = .bearer(key)
        let domains = "/api/v1/domains"
        let domain = "/api/v1/domains/{domain}"
        try await api.call(.post, domains, as: domains, headers: auth, body: #"{"domain": "go.partner.test"}"#)
        try await api.call(
            .post, domains, as: domains, headers: .bearer(otherKey), body: #"{"domain": "go.partner.test"}"#)
        try await api.call(.post, domains, as: domains, headers: auth, body: #"{"domain": "192.0.2.1"}"#)
        try await api.call(.post, domains, as: domains, body: #"{"domain": "go.partner.test"}"#)
        try await api.call(
            .post, domains, as: domains, headers: auth,
            body: #"{"domain": "\#(String(repeating: "a", count: 1_100_000))"}"#)
        try await api.call(.get, domains, as: domains, headers: auth)
        try await api.call(.get, domains, as: domains)
        try await api.call(.get, "\(domains)/go.partner.test", as: domain, headers: auth)
        try await api.call(.get, "\(domains)/go.partner.test", as: domain, headers: .bearer(otherKey))
        try await api.call(.get, "\(domains)/go.partner.test", as: domain)
        try await api.call(.post, "\(domains)/go.partner.test/verify", as: "\(domain)/verify", headers: auth)
        try await api.call(.post, "\(domains)/nowhere.test/verify", as: "\(domain)/verify", headers: auth)
        try await api.call(.delete, "\(domains)/localhost", as: domain, headers: auth)
        try await api.call(.delete, "\(domains)/go.partner.test", as: domain)
        try await api.call(.delete, "\(domains)/go.partner.test", as: domain, headers: auth)
        try await api.call(.delete, "\(domains)/go.partner.test", as: domain, headers: auth)
    }
}
