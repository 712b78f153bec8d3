import Foundation
import LinkCore

extension MemoryLinkStore {
    // A click's number is its place in `clicks` (from 1); times read back in milliseconds, as the
    // SQL stores keep them, so every store writes the same export.
    package func exportClicks(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<StoredClick, Int>
    {
        let limit = max(1, limit)
        let start = max(0, after ?? 0)
        var page: [StoredClick] = []
        var index = start
        while index < clicks.count, page.count < limit {
            var click = clicks[index]
            index += 1
            click.time = click.time.truncatedToMilliseconds
            guard click.tenant == tenant, Self.within(click.time, since, until) else { continue }
            page.append(StoredClick(number: index, id: click.id, click: click))
        }
        return ExportPage(records: page, limit: limit, position: \.number)
    }

    package func exportEvents(tenant: String, since: Date?, until: Date?, after: EventCursor?, limit: Int)
        async throws -> ExportPage<AppEvent, EventCursor>
    {
        let limit = max(1, limit)
        func key(_ time: Date, _ id: String) -> (Int, [UInt8]) { (time.millisecondsSince1970, Array(id.utf8)) }
        func precedes(_ a: (Int, [UInt8]), _ b: (Int, [UInt8])) -> Bool {
            a.0 != b.0 ? a.0 < b.0 : a.1.lexicographicallyPrecedes(b.1)
        }
        let cursor = after.map { key($0.occurredAt, $0.id) }
        let page = storedEvents.lazy.filter { event in
            event.tenant == tenant && Self.within(event.occurredAt, since, until)
                && cursor.map { precedes($0, key(event.occurredAt, event.id)) } ?? true
        }
        .sorted { precedes(key($0.occurredAt, $0.id), key($1.occurredAt, $1.id)) }
        .prefix(limit)
        return ExportPage(records: Array(page), limit: limit, position: EventCursor.init(after:))
    }

    package func exportAudit(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<AuditEntry, Int>
    {
        let limit = max(1, limit)
        let page = auditLog.lazy.filter { entry in
            entry.tenant == tenant && entry.id > (after ?? 0) && Self.within(entry.time, since, until)
        }
        .prefix(limit)
        return ExportPage(records: Array(page), limit: limit, position: \.id)
    }

    /// Whether `time` is at or after `since` and before `until`, each compared in milliseconds.
    private static func within(_ time: Date, _ since: Date?, _ until: Date?) -> Bool {
        let time = time.millisecondsSince1970
        return since.map { time >= $0.millisecondsSince1970 } ?? true
            && until.map { time < $0.millisecondsSince1970 } ?? true
    }
}
