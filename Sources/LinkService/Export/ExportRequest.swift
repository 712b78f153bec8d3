import DeepLinkRouting
import Foundation
import LinkCore

/// What an export is asked for: `--what`/`{what}`, `--format`/`?format=`, `--since`/`?since=`,
/// `--until`/`?until=` (RFC 3339 times: when links were created, clicks made, events happened and
/// audit entries recorded).
package struct ExportRequest: Sendable, Hashable {
    /// What can be exported.
    package enum What: String, Sendable, CaseIterable {
        case links, clicks, events, audit

        /// What a caller needs to export it: links are read with `links:read`, clicks and events
        /// with `stats:read`, the audit log as it is read (`members:write`).
        package var permission: Permission {
            switch self {
            case .links: .readLinks
            case .clicks, .events: .readStats
            case .audit: .readAudit
            }
        }
    }

    /// How the rows are written.
    package enum Format: String, Sendable, CaseIterable {
        case csv, jsonl

        /// The response's media type.
        package var contentType: String {
            switch self {
            case .csv: "text/csv; charset=utf-8"
            case .jsonl: "application/jsonl; charset=utf-8"
            }
        }
    }

    package var what: What
    package var format: Format
    package var since: Date?
    package var until: Date?

    package init(what: What, format: Format = .csv, since: Date? = nil, until: Date? = nil) {
        self.what = what
        self.format = format
        self.since = since
        self.until = until
    }

    /// Parses the four values as given (`nil` when absent); a problem names the value at fault.
    package init(what: String, format: String?, since: String?, until: String?) throws(FieldError) {
        guard let kind = What(rawValue: what) else {
            throw FieldError(
                "what", "\"\(what)\" is not something to export; export one of: links, clicks, events, audit")
        }
        let format = format ?? Format.csv.rawValue
        guard let chosen = Format(rawValue: format) else {
            throw FieldError("format", "\"\(format)\" is not an export format; use csv or jsonl")
        }
        func time(_ text: String?, _ field: String) throws(FieldError) -> Date? {
            guard let text else { return nil }
            guard let date = ISO8601.date(from: text) else {
                throw FieldError(field, "\"\(text)\" is not an RFC 3339 time; write it like 2026-01-31T12:00:00Z")
            }
            return date
        }
        self.init(what: kind, format: chosen, since: try time(since, "since"), until: try time(until, "until"))
        if let since = self.since, let until = self.until, until < since {
            throw FieldError("until", "until is before since; give a range that runs forward")
        }
    }
}
