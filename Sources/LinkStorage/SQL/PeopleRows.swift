import Foundation
import LinkCore

/// How people, memberships and invitations are stored: each table's columns,
/// listed once.
package enum PeopleRows {
    package static let person = RowDescription<Person>(
        table: "people", key: ["id"],
        columns: [
            .init("id", \.id, identity: true), .init("email", \.email, identity: true),
            .init("password_hash", \.passwordHash), .init("totp_secret", \.totpSecret),
            .init("totp_last_step", \.totpLastStep), .init("created_at", \.createdAt, identity: true),
        ],
        blank: Person(id: "", email: "", createdAt: Date(timeIntervalSince1970: 0)))

    package static let membership = RowDescription<Membership>(
        table: "memberships", key: ["person_id", "tenant"],
        columns: [
            .init("person_id", \.personID, identity: true), .init("tenant", \.tenant, identity: true),
            .init("role", \.role), .init("created_at", \.createdAt),
        ],
        blank: Membership(personID: "", tenant: "", role: .viewer, createdAt: Date(timeIntervalSince1970: 0)))

    package static let invitation = RowDescription<Invitation>(
        table: "invitations", key: ["tenant", "email"],
        columns: [
            .init("token_hash", \.tokenHash), .init("tenant", \.tenant), .init("email", \.email),
            .init("role", \.role), .init("created_at", \.createdAt), .init("expires_at", \.expiresAt),
            .init("used_at", \.usedAt),
        ],
        blank: Invitation(
            tokenHash: "", tenant: "", email: "", role: .viewer, createdAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 0)))
}

extension Role: SQLStorable {
    package var sqlValue: SQLValue { .text(rawValue) }

    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self.init(rawValue: text)
    }
}
