import LinkCore

/// The tables the server keeps in ClickHouse, created at start when missing, with only what
/// ClickHouse 18.16 (Debian 12's package) has: `MergeTree`, `SummingMergeTree`,
/// `AggregatingMergeTree` fed by materialized views, `DateTime('UTC')`, `Nullable`, `UUID`.
///
/// - `click_events`: one row per click, partitioned by month, ordered by tenant, link and time,
///   so one link's clicks are one range of the primary key. `click_id` names the click (the
///   shipper sends a batch again only after asking which of its IDs arrived). `visitor` is the
///   keyed hash of the day (``VisitorKeys``), `0` when none was made.
///   `in_app` names the app of an in-app browser (``InAppBrowser/name``), `''` for any other.
/// - `click_daily` (`AggregatingMergeTree`, fed by `click_daily_mv`): per tenant, link, UTC day
///   and bot flag, the clicks and the day's visitor keys as `uniqCombined` states (exact for small
///   sets, an estimate within a fraction of a percent for large ones; merged in constant time per
///   day, where `uniqExact` states grow with the visitors and made a 1,000,000-click link's
///   stats several times slower).
/// - `click_dimensions` (`SummingMergeTree`, fed by `click_dimensions_mv`): people's clicks per
///   tenant, link, day, dimension (`platform`, `referrer`, `os`, `browser`, `country`, `hour`,
///   `rule`, `variant`) and value: one `ARRAY JOIN` row per dimension of each click.
/// - `click_visitor_days` (`ReplacingMergeTree`, written by stats calls): the visitors of a day
///   that is over, of a link or (`link_id` `*`) of a whole tenant, as a plain number, with the
///   people's clicks it was counted from (``ClickHouseEngine/visitorsByDay(tenant:linkID:clicksByDay:today:)``).
/// - `app_events`: one row per app event the main database stored (``AppEventRow``), partitioned
///   by month, ordered by tenant, link and when it happened; `event_id` names it (the shipper
///   checks a batch sent again against it, as `click_id`).
/// - `app_event_daily` (`SummingMergeTree`, fed by `app_event_daily_mv`): per tenant, link, UTC
///   day, name, platform and currency, the events and their summed value in millionths (`micros`): link
///   stats' `events`, the funnel and FDL's app counts read it.
///
/// Stats read the aggregates (a row per day and per breakdown value), never the events.
package enum ClickHouseSchema {
    /// The oldest release the server runs against (the one CI installs).
    package static let oldestVersion = [18, 16]

    /// Whether `version` (`SELECT version()`, such as `18.16.1` or `24.3.2.23`) is new enough.
    package static func supports(version: String) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        return parts.lexicographicallyPrecedes(oldestVersion) == false
    }

    /// A column added to a table after the table's first release: ``ClickHouseEngine/prepare()``
    /// adds it to a table made before it (ClickHouse 18.16 has no `ADD COLUMN IF NOT EXISTS`,
    /// so the engine asks `system.columns` first). Rows written before it read its default.
    package struct AddedColumn: Sendable, Hashable {
        package var table: String
        package var name: String
        package var type: String
    }

    /// The columns added since the tables' first release, oldest first; each is also in the
    /// table's `CREATE` in ``statements(database:)``.
    package static let addedColumns = [
        // The app of an in-app browser, as the SQL stores' `clicks.in_app` has it.
        AddedColumn(table: "click_events", name: "in_app", type: "String")
    ]

    /// The statements that create everything in `database`, each safe to run again.
    package static func statements(database: String) -> [String] {
        let events = "\(database).click_events"
        return [
            """
            CREATE TABLE IF NOT EXISTS \(events) (
                click_id UUID,
                tenant String,
                link_id String,
                time DateTime('UTC'),
                platform String,
                os String,
                browser String,
                referrer String,
                is_bot UInt8,
                country Nullable(String),
                rule Nullable(UInt16),
                variant Nullable(UInt16),
                utm_source String,
                utm_medium String,
                utm_campaign String,
                utm_term String,
                utm_content String,
                claim_issued UInt8,
                visitor UInt64,
                in_app String
            ) ENGINE = MergeTree() PARTITION BY toYYYYMM(time) ORDER BY (tenant, link_id, time)
            """,
            """
            CREATE TABLE IF NOT EXISTS \(database).click_daily (
                tenant String,
                link_id String,
                day Date,
                is_bot UInt8,
                clicks AggregateFunction(count),
                visitors AggregateFunction(uniqCombined, UInt64)
            ) ENGINE = AggregatingMergeTree() PARTITION BY toYYYYMM(day) ORDER BY (tenant, link_id, day, is_bot)
            """,
            """
            CREATE MATERIALIZED VIEW IF NOT EXISTS \(database).click_daily_mv TO \(database).click_daily AS
            SELECT tenant, link_id, toDate(time) AS day, is_bot, countState() AS clicks,
                uniqCombinedStateIf(visitor, visitor != 0) AS visitors
            FROM \(events) GROUP BY tenant, link_id, day, is_bot
            """,
            """
            CREATE TABLE IF NOT EXISTS \(database).click_dimensions (
                tenant String,
                link_id String,
                day Date,
                dimension String,
                value String,
                clicks UInt64
            ) ENGINE = SummingMergeTree(clicks) PARTITION BY toYYYYMM(day)
            ORDER BY (tenant, link_id, day, dimension, value)
            """,
            """
            CREATE MATERIALIZED VIEW IF NOT EXISTS \(database).click_dimensions_mv TO \(database).click_dimensions AS
            SELECT tenant, link_id, toDate(time) AS day, pair.1 AS dimension, pair.2 AS value, count() AS clicks
            FROM \(events)
            ARRAY JOIN [
                ('platform', platform), ('referrer', if(referrer = '', 'direct', referrer)), ('os', os),
                ('browser', browser), ('country', ifNull(country, '')), ('hour', toString(toHour(time))),
                ('rule', ifNull(toString(rule), '')), ('variant', ifNull(toString(variant), ''))
            ] AS pair
            WHERE is_bot = 0 AND pair.2 != ''
            GROUP BY tenant, link_id, day, dimension, value
            """,
            // The version is the clicks a count was made from: they only grow, so the row of
            // most clicks is the newest.
            """
            CREATE TABLE IF NOT EXISTS \(database).click_visitor_days (
                tenant String,
                link_id String,
                day Date,
                clicks UInt64,
                visitors UInt64
            ) ENGINE = ReplacingMergeTree(clicks) PARTITION BY toYYYYMM(day) ORDER BY (tenant, link_id, day)
            """,
            // App events: the view is made last, over tables that exist. `micros`, not
            // `value_micros`: 18.16 reads `sum(value_micros) AS value_micros` as an alias of itself.
            """
            CREATE TABLE IF NOT EXISTS \(database).app_events (
                event_id String,
                tenant String,
                name String,
                link_id String,
                click_id String,
                platform String,
                value_micros Int64,
                currency String,
                occurred_at DateTime('UTC'),
                received_at DateTime('UTC')
            ) ENGINE = MergeTree() PARTITION BY toYYYYMM(occurred_at) ORDER BY (tenant, link_id, occurred_at)
            """,
            """
            CREATE TABLE IF NOT EXISTS \(database).app_event_daily (
                tenant String,
                link_id String,
                day Date,
                name String,
                platform String,
                currency String,
                events UInt64,
                micros Int64
            ) ENGINE = SummingMergeTree((events, micros)) PARTITION BY toYYYYMM(day)
            ORDER BY (tenant, link_id, day, name, platform, currency)
            """,
            """
            CREATE MATERIALIZED VIEW IF NOT EXISTS \(database).app_event_daily_mv TO \(database).app_event_daily AS
            SELECT tenant, link_id, toDate(occurred_at) AS day, name, platform, currency, count() AS events,
                sum(value_micros) AS micros
            FROM \(database).app_events GROUP BY tenant, link_id, day, name, platform, currency
            """,
        ]
    }
}
