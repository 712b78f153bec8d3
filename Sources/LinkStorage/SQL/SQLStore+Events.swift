import Foundation
import LinkCore

// App events (schema version 22).
extension SQLStore {
    package func insertEvents(_ events: [AppEvent]) async throws {
        _ = try await insertEvents(events, then: nil)
    }

    /// Stores the events and their `event.created` webhook messages, then runs `then` with the
    /// events stored (those not skipped for their dedupe key, in their order), all in one
    /// transaction; `then`'s answer (or 0).
    package func insertEvents(
        _ events: [AppEvent], then: (@Sendable (SQLSession, [AppEvent]) async throws -> Int)?
    ) async throws -> Int {
        guard !events.isEmpty else { return 0 }
        let rowsPerStatement = dialect.rowsPerStatement
        return try await write(.batch(rows: events.count)) { session in
            var stored = Set<String>()
            for chunk in events.chunks(of: rowsPerStatement) {
                var statement: SQLStatement = """
                    INSERT INTO events (id, tenant, name, click_id, link_id, platform, customer_id, value_micros, currency,
                        dedupe_key, occurred_at, received_at) VALUES
                    """
                statement.append(rows: chunk) { event in
                    [
                        .text(event.id), .text(event.tenant), .text(event.name), SQLValue(event.clickID?.text),
                        SQLValue(event.linkID), SQLValue(event.platform?.rawValue), SQLValue(event.customerID),
                        SQLValue(event.valueMicros),
                        SQLValue(event.currency), SQLValue(event.dedupeKey), SQLValue(event.occurredAt),
                        SQLValue(event.receivedAt),
                    ]
                }
                // A dedupe key stored before (by another instance, or earlier in this batch): the
                // first event stands.
                statement.append(raw: " ON CONFLICT DO NOTHING RETURNING id")
                for row in try await session.run(statement) {
                    stored.insert(try RowReader(row: row, table: "events", key: ["id"]).read("id"))
                }
            }
            // One query for the batch rather than a statement per event: most tenants have no
            // endpoint for `event.created`, and a batch is up to thousands of events.
            let attributed = events.filter { $0.attributed && stored.contains($0.id) }
            if !attributed.isEmpty {
                let subscribed = try await Self.tenantsSubscribed(to: .eventCreated, on: session)
                for event in attributed where subscribed.contains(event.tenant) {
                    try await Self.enqueue(WebhookPayload.appEvent(event), on: session)
                }
            }
            return try await then?(session, events.filter { stored.contains($0.id) }) ?? 0
        }
    }

    package func event(tenant: String, dedupeKey: String) async throws -> AppEvent? {
        let rows = try await read(
            """
            SELECT \(raw: Self.eventColumns)
            FROM events WHERE tenant = \(tenant) AND dedupe_key = \(dedupeKey)
            """)
        return try rows.first.map {
            try Self.event(RowReader(row: $0, table: "events", key: ["tenant", "dedupe_key"]), tenant: tenant)
        }
    }

    /// The columns ``event(_:tenant:)`` reads.
    static var eventColumns: String {
        "id, name, click_id, link_id, platform, customer_id, value_micros, currency, dedupe_key, occurred_at, received_at"
    }

    /// A row of `events` holding ``eventColumns``.
    static func event(_ reader: RowReader, tenant: String) throws -> AppEvent {
        let clickID: String? = try reader.read("click_id")
        let micros: Int? = try reader.read("value_micros")
        let platform: String? = try reader.read("platform")
        return AppEvent(
            id: try reader.read("id"), tenant: tenant, name: try reader.read("name"),
            clickID: clickID.flatMap(ClickID.init(parsing:)), linkID: try reader.read("link_id"),
            platform: platform.flatMap(Platform.init(rawValue:)), customerID: try reader.read("customer_id"),
            value: micros.map { Double($0) / 1_000_000 }, currency: try reader.read("currency"),
            dedupeKey: try reader.read("dedupe_key"), occurredAt: try reader.read("occurred_at"),
            receivedAt: try reader.read("received_at"))
    }

    package func eventTotals(tenant: String, linkID: String) async throws -> [String: EventTotals] {
        let rows = try await read(
            """
            SELECT name, COALESCE(currency, '') AS currency, COUNT(*) AS count,
                CAST(COALESCE(SUM(value_micros), 0) AS bigint) AS micros
            FROM events WHERE link_id = \(linkID) AND tenant = \(tenant)
            GROUP BY name, COALESCE(currency, '')
            """)
        return try Self.totals(rows)
    }
}

extension SQLStore {
    package func funnel(tenant: String, linkID: String?, from: String?, to: String?) async throws -> AppFunnel {
        let steps = try await funnelSteps(tenant: tenant, linkID: linkID, from: from, to: to)
        let (start, end) = AppFunnel.instants(from: from, to: to)
        let link: SQLStatement = linkID.map { (id: String) -> SQLStatement in " AND link_id = \(id)" } ?? ""
        let events = try await read(
            """
            SELECT name, COALESCE(currency, '') AS currency, COUNT(*) AS count,
                CAST(COALESCE(SUM(value_micros), 0) AS bigint) AS micros
            FROM events WHERE tenant = \(tenant) AND occurred_at >= \(start) AND occurred_at < \(end)\(link)
            GROUP BY name, COALESCE(currency, '')
            """)
        return AppFunnel(steps, totals: try Self.totals(events))
    }

    package func funnelSteps(tenant: String, linkID: String?, from: String?, to: String?) async throws -> FunnelSteps {
        // Days as text compare as dates (`YYYY-MM-DD`); the open ends are below and above any day.
        let (first, last) = (from ?? "0000-00-00", to ?? "9999-99-99")
        let (start, end) = AppFunnel.instants(from: from, to: to)
        let link: SQLStatement = linkID.map { (id: String) -> SQLStatement in " AND link_id = \(id)" } ?? ""
        let rows = try await read(
            """
            SELECT
                (SELECT CAST(COALESCE(SUM(totals.count), 0) AS bigint) FROM click_daily_totals totals
                    JOIN links ON links.id = totals.link_id
                    WHERE links.tenant = \(tenant) AND totals.day >= \(first) AND totals.day <= \(last)\(link)) AS clicks,
                (SELECT CAST(COALESCE(SUM(issued.count), 0) AS bigint) FROM claims_issued_daily issued
                    JOIN links ON links.id = issued.link_id
                    WHERE links.tenant = \(tenant) AND issued.day >= \(first) AND issued.day <= \(last)\(link))
                    AS issued,
                (SELECT COUNT(*) FROM deferred_claims WHERE tenant = \(tenant)
                    AND claimed_at >= \(start) AND claimed_at < \(end)\(link)) AS claimed
            """)
        guard let row = rows.first else { return FunnelSteps() }
        let counts = RowReader(row: row, table: "click_daily_totals", key: [])
        return FunnelSteps(
            clicks: try counts.read("clicks"), sentToStore: try counts.read("issued"),
            claims: try counts.read("claimed"))
    }

    /// Event totals per name from rows of `name, currency, count, micros`.
    static func totals(_ rows: [any SQLRow]) throws -> [String: EventTotals] {
        var totals: [String: EventTotals] = [:]
        for row in rows {
            let reader = RowReader(row: row, table: "events", key: ["name"])
            let name: String = try reader.read("name")
            let currency: String = try reader.read("currency")
            totals[name, default: EventTotals()].count += try reader.read("count") as Int
            if !currency.isEmpty {
                totals[name, default: EventTotals()].value[currency, default: 0] +=
                    Double(try reader.read("micros") as Int) / 1_000_000
            }
        }
        return totals
    }
}
