import DeepLinkRouting
import Foundation
import LinkCore

/// What an import did: counts, every failed row with its line and reason, the warnings (such as
/// FDL's about app identities), and the columns that were ignored.
package struct ImportReport: Sendable {
    package var dryRun: Bool
    /// What a row is called in the file: `line` (CSV) or `item` (a JSON list).
    package var rowName = "line"
    /// Rows read (without the header).
    package var rows = 0
    /// Click totals the source counted for the rows imported (kept as imported totals).
    package var importedClicks = 0
    /// Rows written (in a dry run: rows that would be written).
    package var imported = 0
    /// Rows whose slug already had the same link.
    package var alreadyPresent = 0
    package var failures: [Failure] = []
    package var warnings: [Warning] = []
    /// Header names the source's mapping does not read, as written.
    package var unknownColumns: [String] = []
    /// Slugs a dry run would write, to find a slug used twice in one file: what the later row
    /// is compared with, not the whole link, so that a dry run's memory stays small per row.
    package var plannedSlugs: [String: PlannedLink] = [:]

    /// What a dry run keeps of a link it would write.
    package struct PlannedLink: Sendable, Hashable {
        package var domain: String
        /// The hash of the link's settings: a later row with the same slug, domain and hash is the
        /// same link ("already present"), as the store would find.
        package var contentHash: Int
        /// Named when a later row of the slug differs.
        package var destination: String

        package init(_ link: Link) {
            domain = link.domain
            contentHash = link.content.hashValue
            destination = link.content.destination
        }
    }

    package var failed: Int { failures.count }

    /// A row that was not imported.
    package struct Failure: Error, Sendable, Hashable {
        /// The line the row starts on (the header is line 1); in a JSON list, the item's number.
        package var line: Int
        package var shortLink: String?
        package var reason: String

        package init(line: Int, shortLink: String?, reason: String) {
            self.line = line
            self.shortLink = shortLink
            self.reason = reason
        }
    }

    /// A row that was imported, with something the team should know.
    package struct Warning: Sendable, Hashable {
        package var line: Int
        package var shortLink: String
        /// FDL's warning code, such as `NOT_IN_PROJECT_ANDROID_PACKAGE_NAME`.
        package var code: String
        package var message: String

        package init(line: Int, shortLink: String, code: String, message: String) {
            self.line = line
            self.shortLink = shortLink
            self.code = code
            self.message = message
        }
    }

    /// The report as lines for people: unknown columns, failures, warnings, then the summary.
    ///
    /// Text from the file (columns, short links, reasons that quote values) is shown with its
    /// control characters escaped (`\u{1B}`), so a crafted export cannot move the cursor, clear
    /// the screen or retitle the terminal of the person who reads the report.
    package var lines: [String] {
        rawLines.map(Self.printable)
    }

    private var rawLines: [String] {
        var lines = unknownColumns.map { "warning: unknown column \"\($0)\" is ignored" }
        for failure in failures {
            lines.append(
                "\(rowName) \(failure.line): error: \(failure.shortLink.map { $0 + ": " } ?? "")\(failure.reason)")
        }
        for warning in warnings {
            lines.append(
                "\(rowName) \(warning.line): warning: \(warning.shortLink): \(warning.message) [\(warning.code)]")
        }
        lines.append(summary)
        return lines
    }

    /// `text` with C0 and C1 control characters (and DEL) written as `\u{…}` escapes.
    package static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    package var summary: String {
        "\(dryRun ? "dry run, nothing written: " : "")imported: \(imported), already present: \(alreadyPresent), failed: \(failed)"
    }

    /// The report as one JSON object (`--json`).
    package var json: String {
        func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }
        func number(_ value: Int) -> JSONNode { JSONNode(.number(String(value))) }
        let node = JSONNode.object([
            "dryRun": JSONNode(.bool(dryRun)),
            "imported": number(imported),
            "alreadyPresent": number(alreadyPresent),
            "failed": number(failed),
            "rows": number(rows),
            "importedClicks": number(importedClicks),
            "unknownColumns": JSONNode(.array(unknownColumns.map(string))),
            "errors": JSONNode(
                .array(
                    failures.map {
                        JSONNode.object([
                            "line": number($0.line), "shortLink": $0.shortLink.map(string) ?? JSONNode(.null),
                            "reason": string($0.reason),
                        ])
                    })),
            "warnings": JSONNode(
                .array(
                    warnings.map {
                        JSONNode.object([
                            "line": number($0.line), "shortLink": string($0.shortLink), "code": string($0.code),
                            "message": string($0.message),
                        ])
                    })),
        ])
        return node.jsonText(style: .compact)
    }
}

/// The report of a Firebase Dynamic Links import (the first import; every source shares the type).
package typealias FirebaseImportReport = ImportReport
