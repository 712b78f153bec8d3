import Foundation
import PostgresNIO

extension PostgresLinkStore {
    private static let linkColumns = """
        id, tenant, domain, slug, destination, social_title, social_description, social_image_url, \
        fallback_ios, fallback_android, fallback_desktop, skip_preview, \
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, expires_at, created_at, updated_at, firebase
        """

    public func insertLink(_ link: Link) async throws -> LinkInsertion {
        try await withConnection { [logger] connection in
            try await Self.insert(link, on: connection, logger: logger)
        }
    }

    public func insertLinks(_ links: [Link]) async throws -> [LinkInsertion] {
        guard !links.isEmpty else { return [] }
        // A batch is an import's work, not a request's: only the wait for a connection is limited.
        return try await withConnection(scope: .untilStarted) { [logger] connection in
            try await Self.transaction(connection, logger: logger) {
                var results: [LinkInsertion] = []
                results.reserveCapacity(links.count)
                for link in links { results.append(try await Self.insert(link, on: connection, logger: logger)) }
                return results
            }
        }
    }

    private static func insert(_ link: Link, on connection: PostgresConnection, logger: Logger) async throws
        -> LinkInsertion
    {
        var binds = PostgresBindings()
        binds.append(link.id)
        binds.append(link.tenant)
        binds.append(link.domain)
        binds.append(link.slug)
        appendContent(of: link, to: &binds)
        let inserted = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    INSERT INTO links (\(linkColumns)) VALUES (\(placeholders(1...21)))
                    ON CONFLICT (tenant, slug) DO NOTHING RETURNING seq
                    """,
                binds: binds),
            logger: logger
        ).collect()
        if !inserted.isEmpty { return .inserted(link) }
        guard let existing = try await Self.link(tenant: link.tenant, slug: link.slug, on: connection, logger: logger)
        else {
            throw LinkStoreError.database("link \(link.slug) was neither inserted nor found")
        }
        return .slugTaken(existing: existing)
    }

    public func link(tenant: String, slug: String) async throws -> Link? {
        try await withConnection { [logger] connection in
            try await Self.link(tenant: tenant, slug: slug, on: connection, logger: logger)
        }
    }

    private static func link(tenant: String, slug: String, on connection: PostgresConnection, logger: Logger)
        async throws -> Link?
    {
        try await connection.query(
            "SELECT \(unescaped: linkColumns) FROM links WHERE tenant = \(tenant) AND slug = \(slug)", logger: logger
        ).collect().first.map(link(from:))
    }

    public func updateLink(_ link: Link) async throws -> Bool {
        try await withConnection { [logger] connection in
            var binds = PostgresBindings()
            binds.append(link.domain)
            Self.appendContent(of: link, to: &binds)
            binds.append(link.tenant)
            binds.append(link.slug)
            let rows = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        UPDATE links SET domain = $1, destination = $2, social_title = $3, social_description = $4,
                            social_image_url = $5, fallback_ios = $6, fallback_android = $7, fallback_desktop = $8,
                            skip_preview = $9, utm_source = $10, utm_medium = $11, utm_campaign = $12, utm_term = $13,
                            utm_content = $14, expires_at = $15, created_at = $16, updated_at = $17, firebase = $18
                        WHERE tenant = $19 AND slug = $20 RETURNING seq
                        """,
                    binds: binds),
                logger: logger
            ).collect()
            return !rows.isEmpty
        }
    }

    public func deleteLink(tenant: String, slug: String) async throws -> Bool {
        try await withConnection { [logger] connection in
            try await Self.transaction(connection, logger: logger) {
                let rows = try await connection.query(
                    "DELETE FROM links WHERE tenant = \(tenant) AND slug = \(slug) RETURNING id", logger: logger
                ).collect()
                guard let id = try rows.first?.decode(String.self) else { return false }
                try await connection.query("DELETE FROM clicks WHERE link_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM click_daily WHERE link_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM click_daily_totals WHERE link_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM click_totals WHERE link_id = \(id)", logger: logger)
                try await Self.deleteDeferred(linkID: id, on: connection, logger: logger)
                return true
            }
        }
    }

    public func links(tenant: String, after cursor: String?, limit: Int) async throws -> LinkPage {
        let after: Int
        if let cursor {
            guard let seq = Int(cursor), seq >= 0 else { throw LinkStoreError.invalidCursor(cursor) }
            after = seq
        } else {
            after = 0
        }
        let limit = max(1, limit)
        return try await withConnection { [logger] connection in
            let rows = try await connection.query(
                """
                SELECT seq, \(unescaped: Self.linkColumns) FROM links WHERE tenant = \(tenant) AND seq > \(after)
                ORDER BY seq LIMIT \(limit + 1)
                """,
                logger: logger
            ).collect()
            return try Self.page(of: rows, limit: limit)
        }
    }

    public func searchLinks(tenant: String, matching text: String, before cursor: String?, limit: Int) async throws
        -> LinkPage
    {
        let before: Int
        if let cursor {
            guard let seq = Int(cursor), seq >= 0 else { throw LinkStoreError.invalidCursor(cursor) }
            before = seq
        } else {
            before = Int.max
        }
        let limit = max(1, limit)
        let needle = text.lowercased()
        return try await withConnection { [logger] connection in
            // strpos, not LIKE: what people type (%, _) is matched as written.
            let rows = try await connection.query(
                """
                SELECT seq, \(unescaped: Self.linkColumns) FROM links WHERE tenant = \(tenant) AND seq < \(before)
                AND (\(needle) = '' OR strpos(lower(slug), \(needle)) > 0 OR strpos(lower(destination), \(needle)) > 0
                    OR strpos(lower(COALESCE(social_title, '')), \(needle)) > 0
                    OR strpos(lower(COALESCE(firebase::jsonb ->> 'linkName', '')), \(needle)) > 0)
                ORDER BY seq DESC LIMIT \(limit + 1)
                """,
                logger: logger
            ).collect()
            return try Self.page(of: rows, limit: limit)
        }
    }

    /// `$first, …, $last`.
    static func placeholders(_ numbers: ClosedRange<Int>) -> String {
        numbers.map { "$\($0)" }.joined(separator: ", ")
    }

    /// Binds destination … updated_at, in ``linkColumns`` order.
    private static func appendContent(of link: Link, to binds: inout PostgresBindings) {
        let content = link.content
        binds.append(content.destination)
        binds.append(content.social?.title)
        binds.append(content.social?.description)
        binds.append(content.social?.imageURL)
        binds.append(content.fallbacks.ios)
        binds.append(content.fallbacks.android)
        binds.append(content.fallbacks.desktop)
        binds.append(content.skipPreview)
        for name in UTMParameters.names { binds.append(content.utm[name]) }
        binds.append(content.expiresAt?.millisecondsSince1970)
        binds.append(link.createdAt.millisecondsSince1970)
        binds.append(link.updatedAt.millisecondsSince1970)
        binds.append(content.firebase?.storedText)
    }

    /// A page of at most `limit` links from `rows` (which hold one more when there is a next page),
    /// the cursor being the last link's `seq`.
    private static func page(of rows: [PostgresRow], limit: Int) throws -> LinkPage {
        let page = rows.prefix(limit)
        var next: String? = nil
        if rows.count > limit, let last = page.last {
            next = String(try last.makeRandomAccess()["seq"].decode(Int.self))
        }
        return LinkPage(links: try page.map(Self.link(from:)), nextCursor: next)
    }

    private static func link(from row: PostgresRow) throws -> Link {
        let row = row.makeRandomAccess()
        func text(_ name: String) throws -> String? { try row[name].decode(String?.self) }
        func date(_ name: String) throws -> Date? {
            try row[name].decode(Int?.self).map(Date.init(millisecondsSince1970:))
        }
        let social = SocialCard(
            title: try text("social_title"), description: try text("social_description"),
            imageURL: try text("social_image_url"))
        var utm = UTMParameters()
        for name in UTMParameters.names { utm[name] = try text("utm_" + name) }
        let content = LinkContent(
            destination: try text("destination") ?? "",
            social: social.isEmpty ? nil : social,
            fallbacks: Fallbacks(
                ios: try text("fallback_ios"), android: try text("fallback_android"),
                desktop: try text("fallback_desktop")),
            skipPreview: try row["skip_preview"].decode(Bool.self),
            utm: utm,
            expiresAt: try date("expires_at"),
            firebase: FirebaseParameters(storedText: try text("firebase")))
        return Link(
            id: try text("id") ?? "", tenant: try text("tenant") ?? "", domain: try text("domain") ?? "",
            slug: try text("slug") ?? "",
            content: content, createdAt: try date("created_at") ?? Date(timeIntervalSince1970: 0),
            updatedAt: try date("updated_at") ?? Date(timeIntervalSince1970: 0))
    }
}
