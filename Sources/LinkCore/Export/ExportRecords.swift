import Foundation

/// A store's raw clicks, events and audit entries read a page at a time, oldest first, for an
/// export (`wayfinder export`, `GET /api/v1/export/{what}`): each page starts after the cursor the
/// page before it gave, so an export of any size holds one page in memory. `since` and `until`
/// (either open) keep what happened at or after `since` and before `until`.
package protocol ExportRecords: Sendable {
    /// The tenant's stored clicks in the order they were stored, after the click numbered `after`.
    func exportClicks(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<StoredClick, Int>
    /// The tenant's events by when they happened (then by id), after `after`.
    func exportEvents(tenant: String, since: Date?, until: Date?, after: EventCursor?, limit: Int) async throws
        -> ExportPage<AppEvent, EventCursor>
    /// The tenant's audit entries in the order they were appended, after the entry numbered `after`.
    func exportAudit(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<AuditEntry, Int>
}

/// One page of an export: its records, and where the next page starts (`nil` after the last).
package struct ExportPage<Record: Sendable, Cursor: Sendable & Hashable>: Sendable {
    package var records: [Record]
    package var next: Cursor?

    package init(records: [Record], next: Cursor?) {
        self.records = records
        self.next = next
    }

    /// A page of `records` read with `limit`: a full page has a next one to try (the position of
    /// its last record), a short page is the last.
    package init(records: [Record], limit: Int, position: (Record) -> Cursor) {
        self.init(records: records, next: records.count >= limit ? records.last.map(position) : nil)
    }
}

/// A click as the store keeps it, with the store's number for it (the export's cursor).
package struct StoredClick: Sendable, Hashable {
    /// The store's number of the click: it grows in the order clicks were stored.
    package var number: Int
    /// ``Click/id``; `nil` for a click stored before clicks had ids (schema version 23).
    package var id: ClickID?
    package var click: Click

    package init(number: Int, id: ClickID?, click: Click) {
        self.number = number
        self.id = id
        self.click = click
    }
}

/// Where an events export stands: the last event's time (in milliseconds, as stores keep it) and id.
package struct EventCursor: Sendable, Hashable {
    package var occurredAt: Date
    package var id: String

    package init(occurredAt: Date, id: String) {
        self.occurredAt = occurredAt
        self.id = id
    }

    /// The cursor after `event`.
    package init(after event: AppEvent) {
        self.init(occurredAt: event.occurredAt, id: event.id)
    }
}
