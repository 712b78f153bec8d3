import Foundation
import LinkCore

// People, memberships and invitations.
extension SQLStore {
    private static var personRow: RowDescription<Person> { PeopleRows.person }
    private static var membershipRow: RowDescription<Membership> { PeopleRows.membership }
    private static var invitationRow: RowDescription<Invitation> { PeopleRows.invitation }

    package func insertPerson(_ person: Person) async throws -> Bool {
        try await write(.transaction) { session in
            guard try await session.run("SELECT id FROM people WHERE email = \(person.email)").isEmpty else {
                return false
            }
            try await session.run(Self.insert(person, as: Self.personRow))
            return true
        }
    }

    package func person(id: String) async throws -> Person? {
        try await read("SELECT \(raw: Self.personRow.columnList) FROM people WHERE id = \(id)").first.map(
            Self.personRow.record(from:))
    }

    package func person(email: String) async throws -> Person? {
        try await read("SELECT \(raw: Self.personRow.columnList) FROM people WHERE email = \(email)").first.map(
            Self.personRow.record(from:))
    }

    package func updatePerson(_ person: Person) async throws -> Bool {
        let statement = Self.update(person, as: Self.personRow, where: [("id", .text(person.id))], returning: "id")
        return try await write(.statements) { [statement] session in try await !session.run(statement).isEmpty }
    }

    package func useOneTimeCodeStep(personID: String, step: Int) async throws -> Bool {
        try await write(.statements) { session in
            try await !session.run(
                """
                UPDATE people SET totp_last_step = \(step)
                WHERE id = \(personID) AND (totp_last_step IS NULL OR totp_last_step < \(step)) RETURNING id
                """
            ).isEmpty
        }
    }

    package func hasPeople() async throws -> Bool {
        try await !read("SELECT id FROM people LIMIT 1").isEmpty
    }

    package func setMembership(_ membership: Membership) async throws {
        var statement = Self.insert(membership, as: Self.membershipRow)
        statement.append(raw: " ON CONFLICT (person_id, tenant) DO UPDATE SET role = excluded.role")
        try await write(.statements) { [statement] session in try await session.run(statement) }
    }

    package func memberships(personID: String) async throws -> [Membership] {
        try await read(
            "SELECT \(raw: Self.membershipRow.columnList) FROM memberships WHERE person_id = \(personID) ORDER BY tenant"
        ).map(Self.membershipRow.record(from:))
    }

    package func memberships(tenant: String) async throws -> [Membership] {
        try await read(
            """
            SELECT \(raw: Self.membershipRow.columnList) FROM memberships WHERE tenant = \(tenant)
            ORDER BY created_at, person_id
            """
        ).map(Self.membershipRow.record(from:))
    }

    package func deleteMembership(personID: String, tenant: String) async throws -> Bool {
        try await write(.statements) { session in
            try await !session.run(
                "DELETE FROM memberships WHERE person_id = \(personID) AND tenant = \(tenant) RETURNING person_id"
            ).isEmpty
        }
    }

    package func changeMembership(personID: String, tenant: String, to role: Role?) async throws -> MembershipChange {
        try await write(.transaction) { session in
            // The tenant's owners first, locked on PostgreSQL in the order of their ids: a second
            // change of the tenant's owners waits here until this one commits, then reads the
            // owners it left (READ COMMITTED reads a locked row again once it is released, and
            // drops it if it is no owner any more). SQLite has one writer at a time already.
            let owners = try await session.run(
                """
                SELECT person_id FROM memberships WHERE tenant = \(tenant) AND role = \(Role.owner.rawValue)
                ORDER BY person_id\(raw: session.dialect.lockingRows)
                """
            ).map { try Self.membershipRow.reader(of: $0).read("person_id") as String }
            guard
                let current = try await session.run(
                    "SELECT role FROM memberships WHERE person_id = \(personID) AND tenant = \(tenant)"
                ).first
            else { return .notMember }
            let before: Role = try Self.membershipRow.reader(of: current).read("role")
            if before == .owner, role != .owner, !owners.contains(where: { $0 != personID }) { return .lastOwner }
            if let role {
                try await session.run(
                    "UPDATE memberships SET role = \(role.rawValue) WHERE person_id = \(personID) AND tenant = \(tenant)"
                )
            } else {
                try await session.run("DELETE FROM memberships WHERE person_id = \(personID) AND tenant = \(tenant)")
            }
            return .changed(before: before)
        }
    }

    package func insertInvitation(_ invitation: Invitation, event: WebhookEvent?) async throws {
        try await write(.transaction) { session in
            try await session.run(Self.insert(invitation, as: Self.invitationRow))
            if let event { try await Self.enqueue(event, on: session) }
        }
    }

    package func invitation(tokenHash: String) async throws -> Invitation? {
        try await read(
            "SELECT \(raw: Self.invitationRow.columnList) FROM invitations WHERE token_hash = \(tokenHash)"
        ).first.map(Self.invitationRow.record(from:))
    }

    package func useInvitation(tokenHash: String, at date: Date) async throws -> Invitation? {
        // One statement: of two acceptances at once, the database lets one update the row.
        let rows = try await write(.statements) { session in
            try await session.run(
                """
                UPDATE invitations SET used_at = \(date)
                WHERE token_hash = \(tokenHash) AND used_at IS NULL AND expires_at > \(date)
                RETURNING \(raw: Self.invitationRow.columnList)
                """)
        }
        return try rows.first.map(Self.invitationRow.record(from:))
    }
}
