import Foundation
import LinkCore

extension SQLStore {
    private static var row: RowDescription<Link> { LinkRow.description }

    package func insertLink(_ link: Link) async throws -> LinkInsertion {
        try await write(.transaction) { session in try await Self.insert(link, on: session) }
    }

    package func insertLinks(_ links: [Link]) async throws -> [LinkInsertion] {
        guard !links.isEmpty else { return [] }
        return try await write(.batch(rows: links.count)) { session in try await Self.insert(batch: links, on: session)
        }
    }

    /// Rows an `INSERT` of a batch writes: each statement is a trip to the database's thread and
    /// a statement to prepare, which a statement a row made most of an import's time; and far
    /// below either database's limit on bound values (a link row has about thirty).
    private static var rowsPerStatement: Int { 100 }

    /// The batch as ``insertLink(_:)`` one at a time would store it, in a few statements: the
    /// links in chunks (`ON CONFLICT DO NOTHING`, the inserted ones known by the ids they return),
    /// their tags together, `link.created` messages only when an endpoint of the batch's tenants
    /// wants them, then the links that took the slugs of the others, per tenant.
    private static func insert(batch links: [Link], on session: SQLSession) async throws -> [LinkInsertion] {
        var inserted = Set<String>()
        for start in stride(from: 0, to: links.count, by: rowsPerStatement) {
            let chunk = links[start..<min(start + rowsPerStatement, links.count)]
            var statement: SQLStatement = "INSERT INTO links (\(raw: row.columnList)) VALUES "
            statement.append(rows: chunk, values: row.values(of:))
            statement.append(raw: " ON CONFLICT (tenant, slug) DO NOTHING RETURNING id")
            for result in try await session.run(statement) {
                inserted.insert(try row.reader(of: result).read("id"))
            }
        }
        let new = links.filter { inserted.contains($0.id) }
        let tags = new.flatMap { link in link.content.tags.map { (link, $0) } }
        for start in stride(from: 0, to: tags.count, by: 10 * rowsPerStatement) {
            var statement: SQLStatement = "INSERT INTO link_tags (tenant, tag, link_id) VALUES "
            statement.append(rows: tags[start..<min(start + 10 * rowsPerStatement, tags.count)]) { link, tag in
                [.text(link.tenant), .text(tag), .text(link.id)]
            }
            try await session.run(statement)
        }
        if !new.isEmpty, try await hasEndpoints(for: .linkCreated, tenants: Set(new.map(\.tenant)), on: session) {
            for link in new {
                try await enqueue(WebhookPayload.linkEvent(.linkCreated, link, at: link.createdAt), on: session)
            }
        }
        let existing = try await storedLinks(
            slugs: links.filter { !inserted.contains($0.id) }.map { ($0.tenant, $0.slug) }, on: session)
        return try links.map { link in
            if inserted.contains(link.id) { return .inserted(link) }
            guard let taken = existing[link.tenant]?[link.slug] else {
                throw LinkStoreError.database("link \(link.slug) was neither inserted nor found")
            }
            return .slugTaken(existing: taken)
        }
    }

    /// Whether an enabled endpoint of one of `tenants` subscribes to `type`.
    private static func hasEndpoints(for type: WebhookEventType, tenants: Set<String>, on session: SQLSession)
        async throws -> Bool
    {
        try await !session.run(
            """
            SELECT 1 FROM webhook_endpoints
            WHERE enabled = \(SQLValue.bool(true)) AND tenant IN \(valueList: tenants.sorted().map(SQLValue.text))
                AND \(raw: session.dialect.position)(events, \(WebhookRows.eventMarker(type))) > 0
            LIMIT 1
            """
        ).isEmpty
    }

    /// The stored links of `(tenant, slug)` pairs, by tenant and slug.
    private static func storedLinks(slugs pairs: [(tenant: String, slug: String)], on session: SQLSession)
        async throws -> [String: [String: Link]]
    {
        var found: [String: [String: Link]] = [:]
        let byTenant = Dictionary(grouping: pairs, by: \.tenant).mapValues { $0.map(\.slug) }
        for (tenant, slugs) in byTenant {
            for statement in select(tenant: tenant, slugs: slugs) {
                for result in try await session.run(statement) {
                    let link = try row.record(from: result)
                    found[tenant, default: [:]][link.slug] = link
                }
            }
        }
        return found
    }

    /// The statements that read the tenant's links with `slugs`, a thousand slugs each.
    private static func select(tenant: String, slugs: [String]) -> [SQLStatement] {
        let unique = Array(Set(slugs))
        return stride(from: 0, to: unique.count, by: 10 * rowsPerStatement).map { start in
            let chunk = unique[start..<min(start + 10 * rowsPerStatement, unique.count)]
            return """
                SELECT seq, \(raw: row.columnList) FROM links
                WHERE tenant = \(tenant) AND slug IN \(valueList: chunk.map(SQLValue.text))
                """
        }
    }

    package func links(tenant: String, slugs: [String]) async throws -> [String: Link] {
        var found: [String: Link] = [:]
        for statement in Self.select(tenant: tenant, slugs: slugs) {
            for result in try await read(statement) {
                let link = try Self.row.record(from: result)
                found[link.slug] = link
            }
        }
        return found
    }

    private static func insert(_ link: Link, on session: SQLSession) async throws -> LinkInsertion {
        var statement: SQLStatement = "INSERT INTO links (\(raw: row.columnList)) VALUES "
        statement.append(rows: [link], values: row.values(of:))
        statement.append(raw: " ON CONFLICT (tenant, slug) DO NOTHING RETURNING seq")
        if try await !session.run(statement).isEmpty {
            try await indexTags(of: link, on: session)
            try await enqueue(WebhookPayload.linkEvent(.linkCreated, link, at: link.createdAt), on: session)
            return .inserted(link)
        }
        guard let existing = try await session.run(select(tenant: link.tenant, slug: link.slug)).first else {
            throw LinkStoreError.database("link \(link.slug) was neither inserted nor found")
        }
        return .slugTaken(existing: try row.record(from: existing))
    }

    /// Writes the link's tags into `link_tags`, the index `?tag=` reads (its `tags` column is what
    /// the link reads back).
    private static func indexTags(of link: Link, on session: SQLSession) async throws {
        guard !link.content.tags.isEmpty else { return }
        var statement: SQLStatement = "INSERT INTO link_tags (tenant, tag, link_id) VALUES "
        statement.append(rows: link.content.tags) { tag in [.text(link.tenant), .text(tag), .text(link.id)] }
        try await session.run(statement)
    }

    /// `AND` the link carries `tag`, or nothing when there is no tag.
    private static func tagFilter(tenant: String, tag: String?) -> SQLStatement {
        guard let tag else { return "" }
        return " AND id IN (SELECT link_id FROM link_tags WHERE tenant = \(tenant) AND tag = \(tag))"
    }

    private static func select(tenant: String, slug: String) -> SQLStatement {
        "SELECT seq, \(raw: row.columnList) FROM links WHERE tenant = \(tenant) AND slug = \(slug)"
    }

    package func link(tenant: String, slug: String) async throws -> Link? {
        try await read(Self.select(tenant: tenant, slug: slug)).first.map(Self.row.record(from:))
    }

    package func updateLink(_ link: Link) async throws -> Bool {
        let statement = Self.update(
            link, as: Self.row, where: [("tenant", .text(link.tenant)), ("slug", .text(link.slug))], returning: "id")
        return try await write(.transaction) { [statement] session in
            guard let row = try await session.run(statement).first else { return false }
            var stored = link
            stored.id = try Self.row.reader(of: row).read("id")
            try await session.run("DELETE FROM link_tags WHERE link_id = \(stored.id)")
            try await Self.indexTags(of: stored, on: session)
            try await Self.enqueue(WebhookPayload.linkEvent(.linkUpdated, stored, at: stored.updatedAt), on: session)
            return true
        }
    }

    package func deleteLink(tenant: String, slug: String, at date: Date) async throws -> Bool {
        try await write(.transaction) { session in
            let deleted = try await session.run(
                "DELETE FROM links WHERE tenant = \(tenant) AND slug = \(slug) RETURNING \(raw: Self.row.columnList)")
            guard let row = deleted.first else { return false }
            let link = try Self.row.record(from: row)
            let id = link.id
            try await Self.enqueue(WebhookPayload.linkEvent(.linkDeleted, link, at: date), on: session)
            for table in LinkRow.ownedTables {
                try await session.run("DELETE FROM \(raw: table) WHERE link_id = \(id)")
            }
            return true
        }
    }

    package func links(tenant: String, tagged tag: String?, after cursor: String?, limit: Int) async throws
        -> LinkPage
    {
        let after = try cursor.map(LinkPage.position(of:)) ?? 0
        let limit = max(1, limit)
        let rows = try await read(
            """
            SELECT seq, \(raw: Self.row.columnList) FROM links WHERE tenant = \(tenant) AND seq > \(after)\(
                Self.tagFilter(tenant: tenant, tag: tag))
            ORDER BY seq LIMIT \(limit + 1)
            """)
        return try Self.page(of: rows, limit: limit)
    }

    package func searchLinks(
        tenant: String, matching text: String, tagged tag: String?, before cursor: String?, limit: Int
    ) async throws -> LinkPage {
        let before = try cursor.map(LinkPage.position(of:)) ?? Int.max
        let limit = max(1, limit)
        let needle = text.lowercased()
        let (lower, position) = (dialect.lower, dialect.position)
        // FDL's link name (managed short links, imported `link_name`) lives in the `firebase` JSON.
        let linkName = dialect.jsonText("firebase", "linkName")
        // A position, not LIKE: what people type (%, _) is matched as written.
        let rows = try await read(
            """
            SELECT seq, \(raw: Self.row.columnList) FROM links WHERE tenant = \(tenant) AND seq < \(before)\(
                Self.tagFilter(tenant: tenant, tag: tag))
            AND (\(needle) = '' OR \(raw: position)(\(raw: lower)(slug), \(needle)) > 0
                OR \(raw: position)(\(raw: lower)(destination), \(needle)) > 0
                OR \(raw: position)(\(raw: lower)(COALESCE(social_title, '')), \(needle)) > 0
                OR \(raw: position)(\(raw: lower)(COALESCE(\(raw: linkName), '')), \(needle)) > 0)
            ORDER BY seq DESC LIMIT \(limit + 1)
            """)
        return try Self.page(of: rows, limit: limit)
    }

    /// A page of at most `limit` links from `rows` (which hold one more when there is a next page),
    /// the cursor being the last link's `seq`.
    private static func page(of rows: [any SQLRow], limit: Int) throws -> LinkPage {
        let page = rows.prefix(limit)
        var next: String? = nil
        if rows.count > limit, let last = page.last {
            next = String(try row.reader(of: last).read("seq", as: Int.self))
        }
        return LinkPage(links: try page.map(row.record(from:)), nextCursor: next)
    }
}
