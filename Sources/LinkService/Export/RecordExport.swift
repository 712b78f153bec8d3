import DeepLinkRouting
import Foundation
import LinkCore

/// Writes a tenant's raw clicks, app events or audit entries (``ExportRequest/What``) as CSV (a
/// header, then a record a row) or JSONL (an object a line, absent values left out), oldest
/// first, a page at a time: the export is streamed from the store, never built in memory.
///
/// Never a client address or a secret: clicks are stored without one, the audit entries'
/// truncated address is left out, and audited secrets are recorded as `(set)` only.
package struct RecordExport: Sendable {
    package let store: any LinkStore
    package let tenant: String
    package let request: ExportRequest
    /// Records read a page.
    package var pageSize = 1000

    package init(store: any LinkStore, tenant: String, request: ExportRequest) {
        self.store = store
        self.tenant = tenant
        self.request = request
    }

    /// The CSV header (and the JSONL members' names) of each kind of record.
    package static func columns(of what: ExportRequest.What) -> [String] {
        switch what {
        case .links: LinkExport.columns
        case .clicks:
            ["id", "time", "link", "platform", "os", "browser", "inApp", "referrer", "bot"]
                + UTMParameters.names.map { "utm" + $0.prefix(1).uppercased() + $0.dropFirst() }
        case .events:
            [
                "id", "name", "occurredAt", "receivedAt", "click", "link", "platform", "customer", "value", "currency",
                "dedupeKey",
            ]
        case .audit: ["id", "time", "actor", "action", "target", "changes"]
        }
    }

    /// Writes the export to `write`, a piece at a time (the header, then a page of records a call).
    package func run(_ write: (String) async throws -> Void) async throws {
        let (since, until, size) = (request.since, request.until, max(1, pageSize))
        switch request.what {
        case .links:
            var links = LinkExport(store: store, tenant: tenant, request: request)
            links.pageSize = size
            try await links.run(write)
        case .clicks:
            try await stream(write, fields: Self.fields(of:)) { cursor in
                try await store.exportClicks(tenant: tenant, since: since, until: until, after: cursor, limit: size)
            }
        case .events:
            try await stream(write, fields: Self.fields(of:)) { cursor in
                try await store.exportEvents(tenant: tenant, since: since, until: until, after: cursor, limit: size)
            }
        case .audit:
            try await stream(write, fields: Self.fields(of:)) { cursor in
                try await store.exportAudit(tenant: tenant, since: since, until: until, after: cursor, limit: size)
            }
        }
    }

    /// The header, then each page's records as one piece, until a page says it was the last.
    private func stream<Record, Cursor>(
        _ write: (String) async throws -> Void, fields: (Record) -> [Field],
        page: (Cursor?) async throws -> ExportPage<Record, Cursor>
    ) async throws {
        let columns = Self.columns(of: request.what)
        if request.format == .csv { try await write(CSVWriter.record(columns)) }
        var cursor: Cursor? = nil
        repeat {
            let read = try await page(cursor)
            var text = ""
            for record in read.records { text += line(columns, fields(record)) }
            if !text.isEmpty { try await write(text) }
            cursor = read.next
        } while cursor != nil
    }

    /// One value of a record: text, a number or a Boolean (written bare in JSONL), or JSON (its
    /// text in CSV); `nil` is absent (an empty CSV field, no JSONL member).
    enum Field {
        case text(String?)
        case number(String?)
        case bool(Bool)
        case json(JSONNode)

        var csv: String {
            switch self {
            case .text(let text), .number(let text): text ?? ""
            case .bool(let value): value ? "true" : "false"
            case .json(let node): node.jsonText(style: .compact)
            }
        }

        var node: JSONNode? {
            switch self {
            case .text(let text): text.map { JSONNode(.string($0)) }
            case .number(let text): text.map { JSONNode(.number($0)) }
            case .bool(let value): JSONNode(.bool(value))
            case .json(let node): node
            }
        }
    }

    private func line(_ columns: [String], _ fields: [Field]) -> String {
        switch request.format {
        case .csv:
            return CSVWriter.record(fields.map(\.csv))
        case .jsonl:
            let members = zip(columns, fields).compactMap { column, field in
                field.node.map { JSONNode.Member(key: column, value: $0) }
            }
            return JSONNode(.object(members)).jsonText(style: .compact) + "\n"
        }
    }

    static func fields(of stored: StoredClick) -> [Field] {
        let click = stored.click
        return [
            .text(stored.id?.text), .text(time(click.time)), .text(click.linkID), .text(click.platform.rawValue),
            .text(click.os), .text(click.browser), .text(click.inApp?.name), .text(click.referrerHost),
            .bool(click.isBot),
        ] + UTMParameters.names.map { .text(click.utm[$0]) }
    }

    static func fields(of event: AppEvent) -> [Field] {
        [
            .text(event.id), .text(event.name), .text(time(event.occurredAt)), .text(time(event.receivedAt)),
            .text(event.clickID?.text), .text(event.linkID), .text(event.platform?.rawValue), .text(event.customerID),
            .number(event.valueMicros.map(decimal)), .text(event.currency), .text(event.dedupeKey),
        ]
    }

    static func fields(of entry: AuditEntry) -> [Field] {
        // `address` is left out: a client address is never exported.
        let changes = (try? JSONParser().parse(entry.changesText)) ?? JSONNode(.array([]))
        return [
            .number(String(entry.id)), .text(time(entry.time)), .text(entry.actor), .text(entry.action.rawValue),
            .text(entry.target), .json(changes),
        ]
    }

    /// A stored time (whole milliseconds) in RFC 3339, the same from every store: the middle of its
    /// millisecond is written, so a time read back a hair below it is not written a millisecond early.
    static func time(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
        return ISO8601.string(from: Date(timeIntervalSince1970: (Double(milliseconds) + 0.5) / 1000))
    }

    /// Millionths as a decimal number, exactly: `12500000` is `12.5`.
    static func decimal(_ micros: Int) -> String {
        let sign = micros < 0 ? "-" : ""
        let whole = micros.magnitude / 1_000_000
        var fraction = String(micros.magnitude % 1_000_000)
        guard fraction != "0" else { return sign + String(whole) }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }
}
