import LinkCore

/// How `wayfinder serve` writes its log to standard error.
public enum LogFormat: String, Sendable, Hashable, CaseIterable {
    /// Lines for people: `2026-11-26T13:05:00+0000 info wayfinder: request_id=… message`.
    case text
    /// One JSON object per line and event (``JSONLogHandler``), for journald and log shippers.
    case json
}
