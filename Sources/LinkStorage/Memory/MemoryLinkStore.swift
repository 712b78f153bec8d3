import Foundation
import LinkCore

/// A store that keeps everything in this process's memory: for tests and demos, since nothing
/// survives a restart (`wayfinder serve --database memory:`).
///
/// It behaves as the SQLite and PostgreSQL stores do, and the same conformance suite pins it:
/// slugs are unique per tenant and compared byte for byte, every date is kept to the millisecond
/// (what the databases store), a batch is all or nothing, and cursors are the positions it hands
/// out. Every call runs start to end on the actor without suspending, so each is a transaction of
/// its own. Like SQLite's, it is the only writer of its data and needs no ``LinkChangeFeed``.
package actor MemoryLinkStore: LinkStore, ClickCounting {
    /// A link and the position that orders it (creation order) and makes its cursor.
    package struct Row {
        package var seq: Int
        package var link: Link
    }

    /// Tenant and slug, compared as bytes: the databases' unique constraint does not fold
    /// canonically equivalent strings together, and neither does this store.
    package struct SlugKey: Hashable {
        package var tenant: [UInt8]
        package var slug: [UInt8]

        package init(tenant: String, slug: String) {
            self.tenant = Array(tenant.utf8)
            self.slug = Array(slug.utf8)
        }
    }

    package var rows: [Int: Row] = [:]
    /// Positions of the stored links, ascending.
    package var order: [Int] = []
    package var seqBySlug: [SlugKey: Int] = [:]
    package var linkIDs: Set<String> = []
    package var nextSeq = 1
    package var apiKeysByHash: [String: APIKeyRecord] = [:]
    package var clicks: [Click] = []
    /// App events, in the order they were stored.
    package var storedEvents: [AppEvent] = []
    /// The rollups stats are read from, as in the SQL stores: link ID → day → people's clicks,
    /// and link ID → clicks per platform, referrer and bot flag over every day.
    package var dailyTotals: [String: [String: Int]] = [:]
    package var totals: [String: [ClickRollup.TotalKey: Int]] = [:]
    package var issuedClaims: [ClickRollup.IssuedKey: Int] = [:]
    package var choiceClicks: [ClickRollup.ChoiceKey: Int] = [:]
    package var inAppCounts: [ClickRollup.InAppKey: Int] = [:]
    package var secrets: [Int: ClaimSecret] = [:]
    package var claims: [String: DeferredClaim] = [:]
    package var sessions: [String: ConsoleSession] = [:]
    package var webhooks = MemoryWebhooks()
    package var runtimeDomains: [String: RuntimeDomain] = [:]
    package var auditLog: [AuditEntry] = []
    package var domainHealth: [String: DomainHealth] = [:]
    package var people: [String: Person] = [:]
    /// By person id and tenant (joined with a NUL).
    package var membershipRows: [String: Membership] = [:]
    package var invitations: [String: Invitation] = [:]

    /// An empty store.
    package init() {}

    package func migrate() async throws {}

    package func close() async throws {}

    // MARK: Links

    package func insertLink(_ link: Link) async throws -> LinkInsertion {
        try insert(link)
    }

    package func insertLinks(_ links: [Link]) async throws -> [LinkInsertion] {
        // All or nothing: a link that cannot be stored puts every earlier one of the batch back.
        let saved = (rows, order, seqBySlug, linkIDs, nextSeq, webhooks)
        do {
            return try links.map { try insert($0) }
        } catch {
            (rows, order, seqBySlug, linkIDs, nextSeq, webhooks) = saved
            throw error
        }
    }

    private func insert(_ link: Link) throws -> LinkInsertion {
        let key = SlugKey(tenant: link.tenant, slug: link.slug)
        if let seq = seqBySlug[key], let existing = rows[seq] {
            return .slugTaken(existing: existing.link)
        }
        guard !linkIDs.contains(link.id) else {
            throw LinkStoreError.database("a link with id \(link.id) exists already")
        }
        let seq = nextSeq
        nextSeq += 1
        rows[seq] = Row(seq: seq, link: Self.stored(link))
        order.append(seq)
        seqBySlug[key] = seq
        linkIDs.insert(link.id)
        webhooks.enqueue(Self.stored(WebhookPayload.linkEvent(.linkCreated, link, at: link.createdAt)))
        return .inserted(link)
    }

    package func link(tenant: String, slug: String) async throws -> Link? {
        seqBySlug[SlugKey(tenant: tenant, slug: slug)].flatMap { rows[$0]?.link }
    }

    package func updateLink(_ link: Link) async throws -> Bool {
        guard let seq = seqBySlug[SlugKey(tenant: link.tenant, slug: link.slug)], var row = rows[seq] else {
            return false
        }
        // As the databases' UPDATE: everything but the identity (id, tenant, slug) is replaced.
        var updated = Self.stored(link)
        updated.id = row.link.id
        row.link = updated
        rows[seq] = row
        webhooks.enqueue(Self.stored(WebhookPayload.linkEvent(.linkUpdated, updated, at: updated.updatedAt)))
        return true
    }

    package func deleteLink(tenant: String, slug: String, at date: Date) async throws -> Bool {
        let key = SlugKey(tenant: tenant, slug: slug)
        guard let seq = seqBySlug.removeValue(forKey: key), let row = rows.removeValue(forKey: seq) else {
            return false
        }
        order.remove(at: Self.firstIndex(in: order) { $0 >= seq })
        let id = row.link.id
        linkIDs.remove(id)
        clicks.removeAll { $0.linkID == id }
        dailyTotals[id] = nil
        totals[id] = nil
        issuedClaims = issuedClaims.filter { $0.key.linkID != id }
        choiceClicks = choiceClicks.filter { $0.key.linkID != id }
        inAppCounts = inAppCounts.filter { $0.key.linkID != id }
        claims = claims.filter { $0.value.linkID != id }
        webhooks.enqueue(Self.stored(WebhookPayload.linkEvent(.linkDeleted, row.link, at: date)))
        return true
    }

    package func links(tenant: String, tagged tag: String?, after cursor: String?, limit: Int) async throws
        -> LinkPage
    {
        let after = try cursor.map(LinkPage.position(of:)) ?? 0
        let tenant = Array(tenant.utf8)
        let rows = self.rows
        let candidates = order[Self.firstIndex(in: order) { $0 > after }...].lazy
            .compactMap { rows[$0] }
            .filter { $0.link.tenant.utf8.elementsEqual(tenant) && Self.carries($0.link, tag) }
        return Self.page(of: candidates, limit: limit)
    }

    package func searchLinks(
        tenant: String, matching text: String, tagged tag: String?, before cursor: String?, limit: Int
    ) async throws -> LinkPage {
        let before = try cursor.map(LinkPage.position(of:)) ?? Int.max
        let tenant = Array(tenant.utf8)
        // As the SQL stores: needle and fields lowered as Swift lowers them, and matched as written
        // (no pattern characters).
        let needle = Array(text.lowercased().utf8)
        let rows = self.rows
        let candidates = order[..<Self.firstIndex(in: order) { $0 >= before }].reversed().lazy
            .compactMap { rows[$0] }
            .filter { row in
                let link = row.link
                guard link.tenant.utf8.elementsEqual(tenant), Self.carries(link, tag) else { return false }
                return needle.isEmpty
                    || [
                        link.slug, link.content.destination, link.content.social?.title ?? "",
                        link.content.firebase?.linkName ?? "",
                    ].contains {
                        Array($0.lowercased().utf8).contains(needle)
                    }
            }
        return Self.page(of: candidates, limit: limit)
    }

    /// Whether `link` carries `tag` (every link does when there is none): as written, as the SQL
    /// stores' `link_tags` match it.
    private static func carries(_ link: Link, _ tag: String?) -> Bool {
        tag.map { link.content.tags.contains($0) } ?? true
    }

    /// The first `limit` (at least one) rows, and the cursor of the last when more follow.
    private static func page(of rows: some Sequence<Row>, limit: Int) -> LinkPage {
        let limit = max(1, limit)
        var links: [Link] = []
        var last = 0
        for row in rows {
            if links.count == limit { return LinkPage(links: links, nextCursor: String(last)) }
            links.append(row.link)
            last = row.seq
        }
        return LinkPage(links: links, nextCursor: nil)
    }

    /// The index of the first position in `order` (ascending) for which `isPast` holds, which
    /// holds for every position after it too (a binary search).
    private static func firstIndex(in order: [Int], where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(order[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The link as a database gives it back: dates to the millisecond, empty social
    /// card and Firebase parameters none.
    private static func stored(_ link: Link) -> Link {
        var link = link
        link.createdAt = link.createdAt.truncatedToMilliseconds
        link.updatedAt = link.updatedAt.truncatedToMilliseconds
        link.content.expiresAt = link.content.expiresAt?.truncatedToMilliseconds
        if link.content.social?.isEmpty == true { link.content.social = nil }
        if link.content.firebase?.isEmpty == true { link.content.firebase = nil }
        return link
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes (SQL's `instr(...) > 0`).
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { start in
            self[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
