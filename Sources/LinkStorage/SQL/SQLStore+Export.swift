import Foundation
import LinkCore

// Exports (`wayfinder export`, `GET /api/v1/export/{what}`): a page a statement, each found from
// the cursor of the one before through an index (clicks and audit entries by their number,
// events by `events_tenant`), so no statement reads the whole range at once.
extension SQLStore {
    package func exportClicks(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<StoredClick, Int>
    {
        let limit = max(1, limit)
        let utm = UTMParameters.names.map { "utm_" + $0 }.joined(separator: ", ")
        var statement: SQLStatement = """
            SELECT id, click_id, link_id, time, platform, os, browser, referrer_host, is_bot, in_app, \(raw: utm)
            FROM clicks WHERE tenant = \(tenant) AND id > \(after ?? 0)
            """
        if let since { statement.append(" AND time >= \(since)") }
        if let until { statement.append(" AND time < \(until)") }
        statement.append(" ORDER BY id LIMIT \(limit)")
        let clicks = try await read(statement).map { row in
            let reader = RowReader(row: row, table: "clicks", key: ["id"])
            let clickID: String? = try reader.read("click_id")
            let platform: String = try reader.read("platform")
            let inApp: String? = try reader.read("in_app")
            var utm = UTMParameters()
            for name in UTMParameters.names {
                utm[name] = try reader.read("utm_" + name)
            }
            let id = clickID.flatMap(ClickID.init(parsing:))
            var click = Click(
                linkID: try reader.read("link_id"), tenant: tenant, time: try reader.read("time"),
                platform: Platform(rawValue: platform) ?? .other, os: try reader.read("os"),
                browser: try reader.read("browser"), referrerHost: try reader.read("referrer_host"),
                isBot: try reader.read("is_bot"), utm: utm, inApp: inApp.flatMap(InAppBrowser.init(name:)))
            if let id { click.id = id }
            return StoredClick(number: try reader.read("id"), id: id, click: click)
        }
        return ExportPage(records: clicks, limit: limit, position: \.number)
    }

    package func exportEvents(tenant: String, since: Date?, until: Date?, after: EventCursor?, limit: Int)
        async throws -> ExportPage<AppEvent, EventCursor>
    {
        let limit = max(1, limit)
        let bytewise = dialect.bytewise
        var statement: SQLStatement = """
            SELECT \(raw: Self.eventColumns)
            FROM events WHERE tenant = \(tenant)
            """
        if let after {
            statement.append(
                """
                 AND (occurred_at > \(after.occurredAt) OR (occurred_at = \(after.occurredAt) \
                AND id COLLATE \(raw: bytewise) > \(after.id)))
                """)
        }
        if let since { statement.append(" AND occurred_at >= \(since)") }
        if let until { statement.append(" AND occurred_at < \(until)") }
        statement.append(" ORDER BY occurred_at, id COLLATE \(raw: bytewise) LIMIT \(limit)")
        let events = try await read(statement).map {
            try Self.event(RowReader(row: $0, table: "events", key: ["id"]), tenant: tenant)
        }
        return ExportPage(records: events, limit: limit, position: EventCursor.init(after:))
    }

    package func exportAudit(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<AuditEntry, Int>
    {
        let limit = max(1, limit)
        let row = StoredRows.audit
        var statement: SQLStatement = """
            SELECT id, \(raw: row.columnList) FROM audit_events WHERE tenant = \(tenant) AND id > \(after ?? 0)
            """
        if let since { statement.append(" AND time >= \(since)") }
        if let until { statement.append(" AND time < \(until)") }
        statement.append(" ORDER BY id LIMIT \(limit)")
        let entries = try await read(statement).map { sqlRow in
            var entry = try row.record(from: sqlRow)
            entry.id = try RowReader(row: sqlRow, table: row.table, key: row.key).read("id")
            return entry
        }
        return ExportPage(records: entries, limit: limit, position: \.id)
    }
}
