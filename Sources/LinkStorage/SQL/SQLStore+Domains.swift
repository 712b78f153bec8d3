import Foundation
import LinkCore

extension SQLStore {
    private static var domainRow: RowDescription<RuntimeDomain> { DomainRows.domain }

    package func insertDomain(_ domain: RuntimeDomain) async throws -> Bool {
        try await write(.transaction) { session in
            guard try await session.run("SELECT name FROM domains WHERE name = \(domain.name)").isEmpty else {
                return false
            }
            try await session.run(Self.insert(domain, as: Self.domainRow))
            try await Self.announceChange(of: domain.name, on: session)
            return true
        }
    }

    package func domain(named name: String) async throws -> RuntimeDomain? {
        try await read("SELECT \(raw: Self.domainRow.columnList) FROM domains WHERE name = \(name)").first.map(
            Self.domainRow.record(from:))
    }

    package func domains(tenant: String?) async throws -> [RuntimeDomain] {
        var statement: SQLStatement = "SELECT \(raw: Self.domainRow.columnList) FROM domains"
        if let tenant {
            statement.append(raw: " WHERE tenant = ")
            statement.append(.text(tenant))
        }
        statement.append(raw: " ORDER BY created_at, name")
        return try await read(statement).map(Self.domainRow.record(from:))
    }

    package func updateDomain(_ domain: RuntimeDomain) async throws -> Bool {
        let statement = Self.update(
            domain, as: Self.domainRow, where: [("name", .text(domain.name)), ("tenant", .text(domain.tenant))],
            returning: "name")
        return try await write(.transaction) { [statement] session in
            guard try await !session.run(statement).isEmpty else { return false }
            try await Self.announceChange(of: domain.name, on: session)
            return true
        }
    }

    package func deleteDomain(named name: String, tenant: String) async throws -> Bool {
        try await write(.transaction) { session in
            guard
                try await !session.run("DELETE FROM domains WHERE name = \(name) AND tenant = \(tenant) RETURNING name")
                    .isEmpty
            else { return false }
            try await Self.announceChange(of: name, on: session)
            return true
        }
    }

    package func linkCount(tenant: String, domain: String) async throws -> Int {
        let rows = try await read("SELECT COUNT(*) AS count FROM links WHERE tenant = \(tenant) AND domain = \(domain)")
        return try rows.first.map { try Self.domainRow.reader(of: $0).read("count") } ?? 0
    }

    package func moveLinks(tenant: String, from domain: String, to newDomain: String) async throws -> Int {
        try await write(.statements) { session in
            try await session.run(
                "UPDATE links SET domain = \(newDomain) WHERE tenant = \(tenant) AND domain = \(domain) RETURNING id"
            ).count
        }
    }

    /// Tells the other instances following the database (PostgreSQL) that `name` changed, when
    /// the transaction commits.
    private static func announceChange(of name: String, on session: SQLSession) async throws {
        if let announcement = session.dialect.domainChangeAnnouncement(name: name) {
            try await session.run(announcement)
        }
    }
}
