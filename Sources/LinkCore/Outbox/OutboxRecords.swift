import Foundation

/// What leaves the server later, kept in the database until it has left: entries per topic
/// (click events and app events bound for ClickHouse: ``OutboxTopic/clickhouse``,
/// ``OutboxTopic/clickhouseEvents``), in the order they were
/// appended, appended in the same transaction as the change they tell of, taken oldest first and
/// deleted once delivered.
///
/// One instance at a time sends a topic's entries: the holder of its lease
/// (``acquireOutboxLease(topic:holder:until:now:)``), so that several instances on one
/// PostgreSQL database send each entry once and in order. The SQL stores keep it; the memory store
/// has no outbox (nothing it holds survives the process anyway).
package protocol OutboxRecords: Sendable {
    /// Stores a batch of clicks with their rollups and `link.clicked` webhook events (as
    /// ``ClickRecords/insertClicks(_:clickEventLimit:)``) and appends `entries.payloads` to the
    /// outbox, all in one transaction. When the topic then holds more than `entries.limit` entries
    /// the oldest are deleted: `dropped` says how many lines they held.
    func insertClicks(_ clicks: [Click], clickEventLimit: Int, queueing entries: OutboxAppend) async throws
        -> (events: ClickBatchOutcome, dropped: Int)

    /// Stores a batch of app events (as ``EventRecords/insertEvents(_:)``: an event whose dedupe
    /// key its tenant stored before is skipped, attributed ones queue `event.created`) and
    /// appends `entries(stored)` to the outbox, `stored` being the events the batch stored, all in
    /// one transaction: an event skipped for its dedupe key is never sent on. Past the topic's
    /// bound the oldest entries are deleted: how many lines they held.
    func insertEvents(
        _ events: [AppEvent], queueing entries: @escaping @Sendable ([AppEvent]) -> OutboxAppend
    ) async throws
        -> Int

    /// Up to `limit` entries of `topic`, oldest first.
    func outboxEntries(topic: String, limit: Int) async throws -> [OutboxEntry]

    /// Deletes the entries of `topic` with these ids (delivered). Exactly these, never "up to the
    /// last of them": on PostgreSQL an entry can commit after entries with higher ids were read
    /// (two instances' flushes), and deleting a range would take it unsent.
    func deleteOutboxEntries(topic: String, ids: [Int]) async throws

    /// How many lines the entries of `topic` hold.
    func outboxDepth(topic: String) async throws -> Int

    /// Makes `holder` the sender of `topic` until `until` when nobody else holds an unexpired
    /// lease on it (or `holder` already does); whether `holder` holds it now.
    func acquireOutboxLease(topic: String, holder: String, until: Date, now: Date) async throws -> Bool

    /// The secret of `purpose` for the UTC `day` (`YYYY-MM-DD`): the one stored, or `candidate`
    /// when none was (then stored, so every instance uses the same). Secrets of `purpose` for
    /// days before `oldest` are deleted in the same transaction.
    func dailySecret(purpose: String, day: String, candidate: String, deletingBefore oldest: String) async throws
        -> String
}

extension OutboxRecords {
    /// Stores a batch of clicks and appends `entries` (see
    /// ``insertClicks(_:clickEventLimit:queueing:)``) with the default bound of `link.clicked`
    /// events; how many outbox entries were dropped.
    package func insertClicks(_ clicks: [Click], queueing entries: OutboxAppend) async throws -> Int {
        try await insertClicks(clicks, clickEventLimit: WebhookSettings.defaultClickEventLimit, queueing: entries)
            .dropped
    }
}

/// Entries to append to a topic with a batch of clicks or events (see
/// ``OutboxRecords/insertClicks(_:clickEventLimit:queueing:)``,
/// ``OutboxRecords/insertEvents(_:queueing:)``).
package struct OutboxAppend: Sendable {
    package var topic: String
    /// One per entry.
    package var payloads: [OutboxPayload]
    /// Entries the topic keeps at most: past it, the oldest go.
    package var limit: Int
    package var createdAt: Date

    package init(topic: String, payloads: [OutboxPayload], limit: Int, createdAt: Date) {
        self.topic = topic
        self.payloads = payloads
        self.limit = limit
        self.createdAt = createdAt
    }
}

/// An entry's text, one line or several separated by `\n`, and how many lines it holds: the
/// depth and the bound count lines, and whoever made the text knows their number without
/// reading it again.
package struct OutboxPayload: Sendable, Hashable {
    package var text: String
    package var lines: Int

    package init(text: String, lines: Int) {
        self.text = text
        self.lines = lines
    }

    /// `text`, its lines counted.
    package init(counting text: String) {
        self.init(text: text, lines: text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1)
    }
}

/// One entry of the outbox.
package struct OutboxEntry: Sendable, Hashable {
    /// Increases with every entry appended, across topics.
    package var id: Int
    package var payload: OutboxPayload

    package init(id: Int, payload: OutboxPayload) {
        self.id = id
        self.payload = payload
    }
}

/// The outbox's topics.
package enum OutboxTopic {
    /// Click events for ClickHouse, one `JSONEachRow` line each.
    package static let clickhouse = "clickhouse.clicks"
    /// App events for ClickHouse (``AppEventRow``), one `JSONEachRow` line each.
    package static let clickhouseEvents = "clickhouse.events"
}
