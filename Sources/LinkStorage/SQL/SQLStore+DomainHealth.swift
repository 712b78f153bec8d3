import Foundation
import LinkCore

extension SQLStore {
    private static var healthRow: RowDescription<DomainHealth> { DomainHealthRows.health }

    package func domainHealth(tenant: String?) async throws -> [DomainHealth] {
        var statement: SQLStatement = "SELECT \(raw: Self.healthRow.columnList) FROM domain_health"
        if let tenant {
            statement.append(raw: " WHERE tenant = ")
            statement.append(.text(tenant))
        }
        statement.append(raw: " ORDER BY domain")
        return try await read(statement).map(Self.healthRow.record(from:))
    }

    package func recordDomainHealth(_ health: DomainHealth, event: WebhookEvent?) async throws {
        var statement = Self.insert(health, as: Self.healthRow)
        statement.append(
            raw: " ON CONFLICT (domain) DO UPDATE SET "
                + Self.healthRow.changeableColumns.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
        try await write(.transaction) { [statement] session in
            try await session.run(statement)
            if let event { try await Self.enqueue(event, on: session) }
        }
    }

    package func pruneDomainHealth(keeping domains: Set<String>) async throws -> Int {
        let stored = try await read("SELECT domain FROM domain_health").map { row in
            try Self.healthRow.reader(of: row).read("domain") as String
        }
        let gone = stored.filter { !domains.contains($0) }
        guard !gone.isEmpty else { return 0 }
        return try await write(.transaction) { session in
            for domain in gone { try await session.run("DELETE FROM domain_health WHERE domain = \(domain)") }
            return gone.count
        }
    }
}
