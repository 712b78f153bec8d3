import LinkCore

/// What differs between the SQL the two stores speak; every statement is written once against it.
///
/// Both speak `ON CONFLICT … DO NOTHING / DO UPDATE` upserts (with `excluded.`) and `RETURNING`,
/// so those are written as they are; what differs is how a bound value is written, the names of
/// a few functions, and how many values one statement may bind.
package enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// The marker of the `number`th bound value (from 1): SQLite's `?` (values bind in order; no
    /// numbering to parse in a statement of 65,000 of them), PostgreSQL's `$1`.
    package func placeholder(_ number: Int) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "$\(number)"
        }
    }

    /// Lowercases text as Swift's `lowercased()` does: SQLite's own `lower()` folds ASCII only,
    /// so the SQLite store installs this function on its connections (see
    /// ``SQLiteLinkStore/installFunctions(on:)``). PostgreSQL's `lower()` follows the database's
    /// `LC_CTYPE`, which folds every letter in a UTF-8 locale.
    package var lower: String {
        switch self {
        case .sqlite: "wayfinder_lower"
        case .postgres: "lower"
        }
    }

    /// `position(haystack, needle)`: where `needle` starts in `haystack` (from 1), 0 when absent.
    package var position: String {
        switch self {
        case .sqlite: "instr"
        case .postgres: "strpos"
        }
    }

    /// The text member `key` of the JSON object stored as text in `column`; `NULL` when the
    /// column is `NULL` or has no such member. The stores write the column with `JSONEncoder`; a
    /// value that is not JSON reads as `NULL` on SQLite and fails the statement on PostgreSQL
    /// (whose `IS JSON` test needs version 16).
    package func jsonText(_ column: String, _ key: String) -> String {
        switch self {
        case .sqlite: "(CASE WHEN json_valid(\(column)) THEN json_extract(\(column), '$.\(key)') END)"
        case .postgres: "(\(column)::jsonb ->> '\(key)')"
        }
    }

    /// The collation that orders text by its bytes (ids an export pages through): SQLite's
    /// `BINARY`, PostgreSQL's `"C"` (a database's own collation may follow its locale).
    package var bytewise: String {
        switch self {
        case .sqlite: "BINARY"
        case .postgres: "\"C\""
        }
    }

    /// The larger of two values.
    package var greatest: String {
        switch self {
        case .sqlite: "MAX"
        case .postgres: "GREATEST"
        }
    }

    /// A statement that announces that the API keys with `prefix` were revoked to the stores
    /// following this database's changes (``LinkChangeFeed``), sent when its transaction commits;
    /// `nil` for SQLite, which announces nothing (a file's one server learns of a revocation made by
    /// another process when its key cache entry runs out).
    package func keyRevocationAnnouncement(prefix: String) -> SQLStatement? {
        switch self {
        case .sqlite:
            nil
        case .postgres:
            // The channel of the links trigger (``PostgresLinkStore/changeChannel(schema:)``); the
            // store's connections set `search_path` to its schema.
            """
            SELECT pg_notify('wayfinder_links.' || current_schema(), \
            json_build_object('revokedKeyPrefix', \(prefix)::text)::text)
            """
        }
    }

    /// A statement that announces that the runtime domain `name` changed (added, verified,
    /// removed) to the stores following this database's changes, so every instance serves or
    /// stops serving it at once; `nil` for SQLite (one server: it changed the domain itself).
    package func domainChangeAnnouncement(name: String) -> SQLStatement? {
        switch self {
        case .sqlite:
            nil
        case .postgres:
            """
            SELECT pg_notify('wayfinder_links.' || current_schema(), \
            json_build_object('domain', \(name)::text)::text)
            """
        }
    }

    /// What ends a `SELECT` of outbox rows (aliased `m`) that one instance takes: PostgreSQL locks
    /// them and skips those another instance's transaction holds, so instances racing take
    /// different rows. SQLite has one writer at a time (one instance), so nothing is needed.
    package var skipLocked: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE OF m SKIP LOCKED"
        }
    }

    /// What ends a `SELECT` whose rows a transaction decides on and changes: PostgreSQL locks
    /// them until it commits, so a concurrent transaction selecting them waits and then reads
    /// what this one left. SQLite's transactions write one at a time, so nothing is needed.
    package var lockingRows: String {
        switch self {
        case .sqlite: ""
        case .postgres: " FOR UPDATE"
        }
    }

    /// Rows per multi-row `INSERT`. SQLite: a whole flush batch (5,000 by default) in one statement,
    /// since every statement is a prepare and a round trip to NIO's thread pool (13 values a row
    /// stays far below SQLiteNIO's bound of 250,000). PostgreSQL: well below the protocol's 65,535
    /// bound values.
    package var rowsPerStatement: Int {
        switch self {
        case .sqlite: 5_000
        case .postgres: 1_000
        }
    }
}
