import Foundation
import HTTPTypes
import LinkCore
import LinkServiceTesting
import Testing

extension OpenAPIContractTests {
    /// The members calls and the statuses ``driveMembers(_:key:readOnly:store:)`` gets from each.
    static let memberStatuses: [String: Set<Int>] = [
        "GET /api/v1/members": [200, 401, 403],
        "POST /api/v1/members/invitations": [201, 400, 401, 403, 413],
        "PATCH /api/v1/members/{email}": [200, 400, 404, 409],
        "DELETE /api/v1/members/{email}": [204, 401, 404, 409],
    ]

    /// Lists, invites, changes and removes members of `local` (two people stored first: an owner
    /// and an editor), with the refusals along the way: the last owner stays.
    static func driveMembers(_ api: Recorder, key: String, readOnly: String, store: any LinkStore) async throws {
        for (email, role) in [("owner@example.com", Role.owner), ("editor@example.com", .editor)] {
            let person = Person(email: email, createdAt: Date())
            _ = try await store.insertPerson(person)
            try await store.setMembership(
                Membership(personID: person.id, tenant: "local", role: role, createdAt: Date()))
        }
        let auth: HTTPFields = .bearer(key)
        let members = "/api/v1/members"
        let invitations = "/api/v1/members/invitations"
        let member = "/api/v1/members/{email}"
        try await api.call(.get, members, as: members, headers: auth)
        try await api.call(.get, members, as: members)
        try await api.call(.get, members, as: members, headers: .bearer(readOnly))
        let invite = #"{"email": "new@example.com", "role": "viewer"}"#
        try await api.call(.post, invitations, as: invitations, headers: auth, body: invite)
        try await api.call(
            .post, invitations, as: invitations, headers: auth, body: #"{"email": "x", "role": "viewer"}"#)
        try await api.call(.post, invitations, as: invitations, body: invite)
        try await api.call(.post, invitations, as: invitations, headers: .bearer(readOnly), body: invite)
        try await api.call(
            .post, invitations, as: invitations, headers: auth,
            body: #"{"email": "\#(String(repeating: "a", count: 1_100_000))"}"#)
        try await api.call(
            .patch, "\(members)/editor@example.com", as: member, headers: auth, body: #"{"role": "admin"}"#)
        try await api.call(
            .patch, "\(members)/editor@example.com", as: member, headers: auth, body: #"{"role": "chief"}"#)
        try await api.call(
            .patch, "\(members)/nobody@example.com", as: member, headers: auth, body: #"{"role": "admin"}"#)
        try await api.call(
            .patch, "\(members)/owner@example.com", as: member, headers: auth, body: #"{"role": "admin"}"#)
        try await api.call(.delete, "\(members)/owner@example.com", as: member, headers: auth)
        try await api.call(.delete, "\(members)/editor@example.com", as: member)
        try await api.call(.delete, "\(members)/editor@example.com", as: member, headers: auth)
        try await api.call(.delete, "\(members)/editor@example.com", as: member, headers: auth)
    }
}
