import LinkCore

/// What the shipper sends from one outbox topic into one ClickHouse table: the click events
/// (``clicks``) and the app events (``appEvents``). Each row names itself by an id column, which
/// a batch sent again is checked against, within the batch's span of the time column.
package struct ClickHouseStream: Sendable, Hashable {
    /// Names the stream in logs and query IDs (`wayfinder-<name>-<first id>`).
    package var name: String
    package var topic: String
    package var table: String
    /// The column that names a row (a `UUID` or a `String`), read back as text.
    package var idColumn: String
    /// A `DateTime` column of the table's sort key, a number of seconds in the JSON line.
    package var timeColumn: String
    /// Rows an outbox entry holds at most.
    package var linesPerEntry: Int

    /// A value with every stored property given.
    package init(name: String, topic: String, table: String, idColumn: String, timeColumn: String, linesPerEntry: Int) {
        self.name = name
        self.topic = topic
        self.table = table
        self.idColumn = idColumn
        self.timeColumn = timeColumn
        self.linesPerEntry = linesPerEntry
    }

    /// ``ClickEvent`` rows into `click_events`.
    package static let clicks = ClickHouseStream(
        name: "clicks", topic: OutboxTopic.clickhouse, table: "click_events", idColumn: "click_id",
        timeColumn: "time", linesPerEntry: ClickEvent.linesPerEntry)

    /// ``AppEventRow`` rows into `app_events`.
    package static let appEvents = ClickHouseStream(
        name: "events", topic: OutboxTopic.clickhouseEvents, table: "app_events", idColumn: "event_id",
        timeColumn: "occurred_at", linesPerEntry: AppEventRow.linesPerEntry)

    /// Every stream, in the order a round of the shipper sends them.
    package static let all = [clicks, appEvents]
}
