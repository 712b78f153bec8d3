import LinkCore

/// The days a stats call covers: `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC, both included; either
/// may be left out for no bound).
package struct StatsRange: Sendable, Hashable {
    package var from: String?
    package var to: String?

    /// Reads the `from` and `to` parameters; a value that is not a date, or a `from` after `to`,
    /// is a `400` problem naming the parameter.
    package init(validatingFrom from: String?, to: String?) throws {
        self.from = try Self.day(from, field: "from")
        self.to = try Self.day(to, field: "to")
        if let from, let to, from > to {
            throw Problem.invalidField("from", "from (\(from)) is after to (\(to)): give from on or before to")
        }
    }

    package init(from: String? = nil, to: String? = nil) {
        self.from = from
        self.to = to
    }

    /// Whether the UTC day `day` (`YYYY-MM-DD`) is in the range.
    package func contains(_ day: String) -> Bool {
        (from.map { day >= $0 } ?? true) && (to.map { day <= $0 } ?? true)
    }

    private static func day(_ text: String?, field: String) throws -> String? {
        guard let text else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let lengths = parts.map(\.utf8.count)
        guard lengths == [4, 2, 2], parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else {
            throw Problem.invalidField(
                field, "\(field) is \"\(text)\"; give a UTC date as YYYY-MM-DD, such as 2026-01-31")
        }
        return text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
