import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// The OpenAPI document (`GET /api/v1/openapi.json`) is kept by hand; these tests keep it from
/// drifting: the routes the router registers are exactly the document's operations and its listed
/// exceptions, and every operation, driven through its statuses on a live server, answers only
/// statuses, media types and bodies the document lists.
@Suite("OpenAPI contract")
struct OpenAPIContractTests {
    static let destination = "https://localhost/item/7"

    @Test("every route the server registers is in the document, and the document has no other")
    func routesMatchTheDocument() async throws {
        let contract = try OpenAPIContract()
        let service = try await TestService.make(manifests: [DeferredTenants.local])
        let registered = Set(service.server.makeRouter().routes.map { "\($0.method) \($0.path)" })
        await service.close()
        let operations = contract.operations.map { "\($0.method) \($0.route)" }
        #expect(Set(operations).count == operations.count, "an operation is listed twice")
        let documented = Set(operations).union(contract.unlistedRoutes)
        #expect(
            registered.subtracting(documented).isEmpty,
            "registered but not in the document: \(registered.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(registered).isEmpty,
            "in the document but not registered: \(documented.subtracting(registered).sorted())")
        #expect(registered.contains("GET /api/v1/openapi.json"))
    }

    @Test("the document is OpenAPI 3.1, its references resolve, and every operation has an id and responses")
    func documentIsWellFormed() throws {
        let contract = try OpenAPIContract()
        #expect(contract.document["openapi"]?.stringValue == "3.1.0")
        var references: [String] = []
        func collect(_ node: JSONNode) {
            if let reference = node["$ref"]?.stringValue { references.append(reference) }
            for member in node.objectValue ?? [] { collect(member.value) }
            for element in node.arrayValue ?? [] { collect(element) }
        }
        collect(contract.document)
        #expect(!references.isEmpty)
        for reference in references {
            var target: JSONNode? = contract.document
            for key in reference.dropFirst(2).split(separator: "/") { target = target?[String(key)] }
            #expect(reference.hasPrefix("#/") && target != nil, "\(reference) does not resolve")
        }
        var ids: Set<String> = []
        for operation in contract.operations {
            let node = try #require(contract.operation(HTTPRequest.Method(operation.method)!, operation.path))
            let id = try #require(node["operationId"]?.stringValue, "\(operation) has no operationId")
            #expect(ids.insert(id).inserted, "operationId \(id) is used twice")
            #expect(node["responses"]?.objectValue?.isEmpty == false, "\(operation) lists no responses")
        }
    }

    @Test("GET /api/v1/openapi.json serves the checked-in document without a key, as cacheable JSON")
    func documentIsServed() async throws {
        let service = try await TestService.make(manifests: [DeferredTenants.local])
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.cacheControl]?.hasPrefix("public") == true)
            #expect(Array(response.body.readableBytesView) == OpenAPIDocument.bytes)
            let checkedIn = try Data(
                contentsOf: TestService.packageRoot.appendingPathComponent("Sources/LinkService/OpenAPI/openapi.json"))
            #expect(Array(checkedIn) == OpenAPIDocument.bytes)
        }
        await service.close()
    }

    /// Sends requests through a live client and checks each answer against the document.
    final class Recorder: @unchecked Sendable {
        let contract: OpenAPIContract
        let client: any TestClientProtocol
        var seen: [String: Set<Int>] = [:]

        init(contract: OpenAPIContract, client: any TestClientProtocol) {
            self.contract = contract
            self.client = client
        }

        @discardableResult
        func call(
            _ method: HTTPRequest.Method, _ uri: String, as path: String, headers: HTTPFields = [:],
            body: String? = nil,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) async throws -> TestResponse {
            var headers = headers
            if headers[HTTPField.Name("Host")!] == nil { headers[HTTPField.Name("Host")!] = "localhost" }
            let response = try await client.execute(
                uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
            for violation in contract.violations(of: response, to: method, path) {
                Issue.record(Comment(rawValue: violation), sourceLocation: sourceLocation)
            }
            seen["\(method) \(path)", default: []].insert(Int(response.status.code))
            return response
        }
    }

    @Test("each operation, driven through its statuses on a live server, answers as the document says")
    func statusesAndBodiesAreDocumented() async throws {
        let contract = try OpenAPIContract()
        // Domain verification asks a loopback port where no DNS server listens: never the network.
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.domains.resolver = "127.0.0.1:\(try await freeLoopbackPort())"
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        let otherKey = try await service.key(for: "other")
        let readOnly = try await service.key(for: "local", scopes: [.linksRead])
        let auth: HTTPFields = .bearer(key)
        let seen = try await service.server.makeApplication().testLive { client in
            let api = Recorder(contract: contract, client: client)
            let links = "/api/v1/links"
            let link = "/api/v1/links/{slug}"
            let body = #"{"destination": "\#(Self.destination)", "slug": "spring", "social": {"title": "Spring"}}"#
            try await api.call(.post, links, as: links, headers: auth, body: body)
            try await api.call(.post, links, as: links, headers: auth, body: body)
            try await api.call(
                .post, links, as: links, headers: auth,
                body: #"{"destination": "https://localhost/item/8", "slug": "spring"}"#)
            try await api.call(.post, links, as: links, headers: auth, body: #"{"destination": "javascript:alert(1)"}"#)
            try await api.call(.post, links, as: links, headers: auth, body: "{")
            try await api.call(.post, links, as: links, body: body)
            try await api.call(.post, links, as: links, headers: .bearer("wrong"), body: body)
            try await api.call(
                .post, links, as: links, headers: auth,
                body: #"{"destination": "\#(String(repeating: "a", count: 1_100_000))"}"#)
            try await api.call(
                .post, links, as: links, headers: auth,
                body:
                    #"{"destination": "\#(Self.destination)", "fallbacks": {"desktop": "https://www.local.example.com/x"}, "utm": {"source": "mail"}, "expiresAt": "2030-01-01T00:00:00Z"}"#
            )

            try await api.call(.get, links, as: links, headers: auth)
            try await api.call(.get, "\(links)?limit=1", as: links, headers: auth)
            try await api.call(.get, "\(links)?limit=0", as: links, headers: auth)
            try await api.call(.get, "\(links)?cursor=nonsense", as: links, headers: auth)
            try await api.call(.get, links, as: links)

            try await api.call(.get, "\(links)/spring", as: link, headers: auth)
            try await api.call(.get, "\(links)/spring", as: link, headers: .bearer(otherKey))
            try await api.call(.get, "\(links)/no.such.slug", as: link, headers: auth)
            try await api.call(.get, "\(links)/spring", as: link)

            try await api.call(.patch, "\(links)/spring", as: link, headers: auth, body: #"{"social": null}"#)
            try await api.call(.patch, "\(links)/spring", as: link, headers: auth, body: #"{"slug": "autumn"}"#)
            try await api.call(.patch, "\(links)/spring", as: link, headers: auth, body: "[1]")
            try await api.call(.patch, "\(links)/missing", as: link, headers: auth, body: "{}")
            try await api.call(
                .patch, "\(links)/spring", as: link, headers: auth,
                body: #"{"destination": "\#(String(repeating: "a", count: 1_100_000))"}"#)

            let stats = "/api/v1/links/{slug}/stats"
            try await api.call(.get, "\(links)/spring/stats", as: stats, headers: auth)
            try await api.call(.get, "\(links)/missing/stats", as: stats, headers: auth)
            try await api.call(.get, "\(links)/sp%20ring/stats", as: stats, headers: auth)
            try await api.call(.get, "\(links)/spring/stats", as: stats, headers: .bearer("wrong"))
            try await api.call(.get, "\(links)/spring/stats?from=2026-01-01&to=2026-12-31", as: stats, headers: auth)
            try await api.call(.get, "\(links)/spring/stats?from=2026-02-30", as: stats, headers: auth)
            let tenantStats = "/api/v1/stats"
            try await api.call(.get, "\(tenantStats)?from=2026-01-01&top=5", as: tenantStats, headers: auth)
            try await api.call(.get, "\(tenantStats)?from=2026-12-31&to=2026-01-01", as: tenantStats, headers: auth)
            try await api.call(.get, "\(tenantStats)?top=0", as: tenantStats, headers: auth)
            try await api.call(.get, tenantStats, as: tenantStats, headers: .bearer("wrong"))

            let qr = "/api/v1/links/{slug}/qr"
            try await api.call(.get, "\(links)/spring/qr", as: qr, headers: auth)
            try await api.call(.get, "\(links)/spring/qr?format=png&size=64", as: qr, headers: auth)
            try await api.call(.get, "\(links)/spring/qr?format=gif", as: qr, headers: auth)
            try await api.call(.get, "\(links)/missing/qr", as: qr, headers: auth)
            try await api.call(.get, "\(links)/spring/qr", as: qr)
            let export = "/api/v1/export/{what}"
            try await api.call(.get, "/api/v1/export/links", as: export, headers: auth)
            try await api.call(
                .get, "/api/v1/export/links?format=jsonl&since=2026-01-01T00:00:00Z", as: export, headers: auth)
            try await api.call(.get, "/api/v1/export/clicks", as: export, headers: auth)
            try await api.call(.get, "/api/v1/export/links?format=xml", as: export, headers: auth)
            try await api.call(.get, "/api/v1/export/links", as: export)

            let simulate = "/api/v1/links/{slug}/simulate"
            try await api.call(.get, "\(links)/spring/simulate", as: simulate, headers: auth)
            try await api.call(.get, "\(links)/missing/simulate", as: simulate, headers: auth)
            try await api.call(.get, "\(links)/sp%20ring/simulate", as: simulate, headers: auth)
            try await api.call(.get, "\(links)/spring/simulate", as: simulate)

            let resolve = "/api/v1/resolve"
            try await api.call(.get, "\(resolve)?url=https://localhost/spring", as: resolve)
            try await api.call(.get, "\(resolve)?url=https://localhost/item/9", as: resolve)
            try await api.call(.get, "\(resolve)?url=https://localhost/missing", as: resolve)
            try await api.call(.get, "\(resolve)?url=https://unknown.example.net/x", as: resolve)
            try await api.call(.get, "\(resolve)?url=ftp://localhost/x", as: resolve)
            try await api.call(.get, resolve, as: resolve)
            try await api.call(
                .post, links, as: links, headers: auth,
                body: #"{"destination": "https://localhost/item/7", "slug": "locked", "password": "open sesame"}"#)
            try await api.call(.get, "\(resolve)?url=https://localhost/locked", as: resolve)
            try await api.call(
                .post, links, as: links, headers: auth,
                body:
                    #"{"destination": "https://localhost/item/6", "slug": "gone", "expiresAt": "2020-01-01T00:00:00Z"}"#
            )
            try await api.call(.get, "\(resolve)?url=https://localhost/gone", as: resolve)

            let claims = "/api/v1/deferred/claims"
            let json: HTTPFields = [.contentType: "application/json"]
            let token = try #require(try await DeferredTenants.androidToken("spring", via: client))
            try await api.call(.post, claims, as: claims, headers: json, body: #"{"token": "\#(token)"}"#)
            try await api.call(.post, claims, as: claims, headers: json, body: #"{"token": "\#(token)"}"#)
            try await api.call(.post, claims, as: claims, headers: json, body: #"{"token": "AAAAAAAAAAAAAAAAAAAA"}"#)
            try await api.call(.post, claims, as: claims, headers: json, body: #"{"token": 1}"#)
            try await api.call(.post, claims, as: claims, headers: json, body: "not json")
            try await api.call(
                .post, claims, as: claims, headers: json,
                body: #"{"token": "\#(String(repeating: "A", count: 5000))"}"#)

            let fdl = "/v1/shortLinks"
            let fdlBody =
                #"{"dynamicLinkInfo": {"domainUriPrefix": "https://localhost", "link": "\#(Self.destination)", "socialMetaTagInfo": {"socialTitle": "Seven"}}, "suffix": {"option": "SHORT"}}"#
            try await api.call(.post, "\(fdl)?key=\(key)", as: fdl, headers: json, body: fdlBody)
            try await api.call(
                .post, "\(fdl)?key=\(key)", as: fdl, headers: json,
                body: #"{"longDynamicLink": "https://localhost/?link=\#(Self.destination)&apn=com.elsewhere.app"}"#)
            try await api.call(.post, "\(fdl)?key=\(key)", as: fdl, headers: json, body: #"{"suffix": {}}"#)
            try await api.call(.post, "\(fdl)?key=\(key)", as: fdl, headers: json, body: "{")

            let managed = "/v1/managedShortLinks:create"
            let managedBody =
                #"{"name": "Seven", "longDynamicLink": "https://localhost/?link=\#(Self.destination)", "suffix": {"option": "CUSTOM", "customSuffix": "seven"}}"#
            try await api.call(.post, "\(managed)?key=\(key)", as: managed, headers: json, body: managedBody)
            try await api.call(
                .post, "\(managed)?key=\(key)", as: managed, headers: json,
                body: managedBody.replacingOccurrences(of: "item/7", with: "item/8"))
            try await api.call(
                .post, "\(managed)?key=\(key)", as: managed, headers: json,
                body: #"{"longDynamicLink": "https://localhost/?link=\#(Self.destination)"}"#)
            // What both creation calls answer alike: a wrong key, no key, a domain of no tenant, a
            // body over the limit.
            for (path, body) in [(fdl, fdlBody), (managed, managedBody)] {
                try await api.call(.post, "\(path)?key=wrong", as: path, headers: json, body: body)
                try await api.call(.post, path, as: path, headers: json, body: body)
                try await api.call(
                    .post, "\(path)?key=\(key)", as: path,
                    headers: [.contentType: "application/json", HTTPField.Name("Host")!: "nowhere.example"], body: body)
                try await api.call(
                    .post, "\(path)?key=\(key)", as: path, headers: json,
                    body: #"{"longDynamicLink": "\#(String(repeating: "a", count: 1_100_000))"}"#)
            }

            let fdlStats = "/v1/{dynamicLink}/linkStats"
            let spring = "https%3A%2F%2Flocalhost%2Fspring"
            try await api.call(.get, "/v1/\(spring)/linkStats?durationDays=7&key=\(key)", as: fdlStats)
            try await api.call(.get, "/v1/\(spring)/linkStats?durationDays=0&key=\(key)", as: fdlStats)
            try await api.call(.get, "/v1/\(spring)/linkStats?durationDays=7", as: fdlStats)
            try await api.call(
                .get, "/v1/https%3A%2F%2Flocalhost%2Fmissing/linkStats?durationDays=7&key=\(key)", as: fdlStats)

            for attribution in ["/v1/installAttribution", "/v1/reopenAttribution"] {
                try await api.call(.post, "\(attribution)?key=\(key)", as: attribution, headers: json, body: "{}")
                try await api.call(.post, "\(attribution)?key=wrong", as: attribution, headers: json, body: "{}")
                try await api.call(.post, attribution, as: attribution, headers: json, body: "{}")
            }

            try await api.call(.get, "/spring", as: "/{slug}", headers: [.userAgent: Agents.desktop])
            try await api.call(.get, "/spring", as: "/{slug}", headers: [.userAgent: Agents.facebook])
            try await api.call(.get, "/spring?d=1", as: "/{slug}", headers: [.userAgent: Agents.desktop])
            try await api.call(.get, "/missing", as: "/{slug}", headers: [.userAgent: Agents.desktop])
            try await api.call(.get, "/", as: "/", headers: [.userAgent: Agents.desktop])
            try await api.call(
                .get, "/?link=\(Self.destination)", as: "/", headers: [.userAgent: Agents.android])

            for path in [
                "/.well-known/apple-app-site-association", "/apple-app-site-association",
                "/.well-known/assetlinks.json",
            ] {
                try await api.call(.get, path, as: path)
                try await api.call(.get, path, as: path, headers: [HTTPField.Name("Host")!: "nowhere.example"])
            }
            try await api.call(.get, "/healthz", as: "/healthz")
            try await api.call(.get, "/readyz", as: "/readyz")
            try await api.call(.get, "/tls/ask?domain=localhost", as: "/tls/ask")
            try await api.call(.get, "/tls/ask?domain=nowhere.example", as: "/tls/ask")
            try await api.call(.get, "/api/v1/openapi.json", as: "/api/v1/openapi.json")
            // A key whose scopes do not reach: 403 insufficient-scope.
            try await api.call(.post, links, as: links, headers: .bearer(readOnly), body: body)
            let audit = "/api/v1/audit"
            try await api.call(.get, audit, as: audit, headers: auth)
            try await api.call(
                .get, "\(audit)?limit=1&actor=key:wf_x&since=2026-01-01T00:00:00Z", as: audit, headers: auth)
            try await api.call(.get, "\(audit)?since=yesterday", as: audit, headers: auth)
            try await api.call(.get, audit, as: audit)
            try await api.call(.get, audit, as: audit, headers: .bearer(readOnly))
            try await Self.driveWebhooks(api, key: key, otherKey: otherKey)
            try await Self.driveDomains(api, key: key, otherKey: otherKey)
            try await Self.driveEvents(api, key: key)
            try await Self.driveMembers(api, key: key, readOnly: readOnly, store: service.store)

            try await api.call(.delete, "\(links)/spring", as: link, headers: .bearer(otherKey))
            try await api.call(.delete, "\(links)/spring", as: link, headers: auth)
            try await api.call(.delete, "\(links)/spring", as: link, headers: auth)
            try await api.call(.delete, "\(links)/spring", as: link)
            return api.seen
        }
        await service.close()

        let expected: [String: Set<Int>] = [
            "POST /api/v1/links": [200, 201, 400, 401, 403, 409, 413],
            "GET /api/v1/audit": [200, 400, 401, 403],
            "GET /api/v1/links": [200, 400, 401],
            "GET /api/v1/links/{slug}": [200, 400, 401, 404],
            "PATCH /api/v1/links/{slug}": [200, 400, 404, 413],
            "DELETE /api/v1/links/{slug}": [204, 401, 404],
            "GET /api/v1/links/{slug}/stats": [200, 400, 401, 404],
            "GET /api/v1/stats": [200, 400, 401],
            "GET /api/v1/links/{slug}/qr": [200, 400, 401, 404],
            "GET /api/v1/export/{what}": [200, 400, 401],
            "GET /api/v1/links/{slug}/simulate": [200, 400, 401, 404],
            "GET /api/v1/resolve": [200, 400, 401, 404, 410],
            "POST /api/v1/deferred/claims": [200, 400, 404, 410, 413],
            "POST /v1/shortLinks": [200, 400, 403, 404, 413],
            "POST /v1/managedShortLinks:create": [200, 400, 403, 404, 409, 413],
            "GET /v1/{dynamicLink}/linkStats": [200, 400, 403, 404],
            "POST /v1/installAttribution": [400, 403, 501],
            "POST /v1/reopenAttribution": [400, 403, 501],
            "GET /{slug}": [200, 302, 404],
            "GET /": [302],
            "GET /.well-known/apple-app-site-association": [200, 404],
            "GET /apple-app-site-association": [200, 404],
            "GET /.well-known/assetlinks.json": [200, 404],
            "GET /healthz": [200],
            "GET /readyz": [200],
            "GET /tls/ask": [200, 404],
            "GET /api/v1/openapi.json": [200],
        ]
        .merging(Self.webhookStatuses) { $1 }
        .merging(Self.domainStatuses) { $1 }
        .merging(Self.eventStatuses) { $1 }
        .merging(Self.memberStatuses) { $1 }
        for (operation, statuses) in expected {
            let missing = statuses.subtracting(seen[operation] ?? [])
            #expect(missing.isEmpty, "\(operation) was never answered with \(missing.sorted())")
        }
        let driven = Set(contract.operations.map(\.description))
        #expect(
            driven == Set(expected.keys), "operations the test does not drive: \(driven.subtracting(expected.keys))")
    }

    @Test("rate-limited calls answer 429 with Retry-After, as the document says")
    func rateLimitsAreDocumented() async throws {
        let contract = try OpenAPIContract()
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.apiRateLimit = RateLimit(requests: 2, per: .seconds(600))
        configuration.resolveRateLimit = RateLimit(requests: 1, per: .seconds(600))
        configuration.claimRateLimit = RateLimit(requests: 1, per: .seconds(600))
        let service = try await TestService.make(manifests: [DeferredTenants.local], configuration: configuration)
        let key = try await service.key(for: "local")
        let seen = try await service.server.makeApplication().testLive { client in
            let api = Recorder(contract: contract, client: client)
            for _ in 0..<3 {
                try await api.call(.get, "/api/v1/links", as: "/api/v1/links", headers: .bearer(key))
            }
            try await api.call(
                .post, "/v1/shortLinks?key=\(key)", as: "/v1/shortLinks", headers: [.contentType: "application/json"],
                body: #"{"longDynamicLink": "https://localhost/?link=\#(Self.destination)"}"#)
            try await api.call(
                .get, "/v1/https%3A%2F%2Flocalhost%2Fx/linkStats?durationDays=1&key=\(key)",
                as: "/v1/{dynamicLink}/linkStats")
            for _ in 0..<2 {
                try await api.call(.get, "/api/v1/resolve?url=https://localhost/x", as: "/api/v1/resolve")
                try await api.call(
                    .post, "/api/v1/deferred/claims", as: "/api/v1/deferred/claims",
                    headers: [.contentType: "application/json"], body: #"{"token": "x"}"#)
            }
            return api.seen
        }
        await service.close()
        for operation in [
            "GET /api/v1/links", "POST /v1/shortLinks", "GET /v1/{dynamicLink}/linkStats", "GET /api/v1/resolve",
            "POST /api/v1/deferred/claims",
        ] {
            #expect(seen[operation]?.contains(429) == true, "\(operation) was not rate-limited")
        }
    }
}
