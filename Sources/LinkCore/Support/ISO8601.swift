import Foundation

/// RFC 3339 times in API bodies: written with milliseconds, read with or without them.
package enum ISO8601 {
    /// `2027-01-15T08:00:00.123Z`: UTC, milliseconds cut (not rounded), as Foundation's
    /// `ISO8601FormatStyle(includingFractionalSeconds: true)` writes it (a test compares them).
    /// Written by hand from 1582-10-15 to 9999: the format style cost about a microsecond per call,
    /// once per click event on the flush path.
    package static func string(from date: Date) -> String {
        guard let fields = Fields(date) else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        return String(unsafeUninitializedCapacity: Fields.length) { fields.write(to: $0) }
    }

    /// Appends ``string(from:)``'s text to `bytes`, without a `String` of its own.
    package static func write(_ date: Date, to bytes: inout [UInt8]) {
        guard let fields = Fields(date) else {
            bytes.append(contentsOf: string(from: date).utf8)
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: Fields.length))
        bytes.withUnsafeMutableBufferPointer { _ = fields.write(to: .init(rebasing: $0[start...])) }
    }

    /// A time's parts as ``string(from:)`` writes them.
    private struct Fields {
        static let length = 24
        var year: Int, month: Int, day: Int, secondOfDay: Int, milliseconds: Int

        /// `nil` outside the range written by hand.
        init?(_ date: Date) {
            let time = date.timeIntervalSince1970
            let seconds = time.rounded(.down)
            // From the Gregorian calendar's first day (1582-10-15; Foundation writes older days in
            // the Julian calendar) to 10000-01-01: outside, Foundation writes it.
            guard seconds >= -12_219_292_800, seconds < 253_402_300_800 else { return nil }
            milliseconds = min(999, Int((time - seconds) * 1000))
            let whole = Int(seconds)
            let days = whole.floorDivided(by: 86_400)
            secondOfDay = whole.floorModulo(86_400)
            (year, month, day) = ISO8601.civil(days: days)
        }

        /// Writes the ``length`` bytes at the start of `buffer`; answers how many.
        func write(to buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            func put(_ value: Int, at index: Int, digits: Int) {
                var value = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(0x30 + value % 10)
                    value /= 10
                }
            }
            put(year, at: 0, digits: 4)
            buffer[4] = 0x2D
            put(month, at: 5, digits: 2)
            buffer[7] = 0x2D
            put(day, at: 8, digits: 2)
            buffer[10] = 0x54
            put(secondOfDay / 3600, at: 11, digits: 2)
            buffer[13] = 0x3A
            put(secondOfDay / 60 % 60, at: 14, digits: 2)
            buffer[16] = 0x3A
            put(secondOfDay % 60, at: 17, digits: 2)
            buffer[19] = 0x2E
            put(milliseconds, at: 20, digits: 3)
            buffer[23] = 0x5A
            return Self.length
        }
    }

    /// The proleptic Gregorian year, month and day `days` after 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    package static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The time `text` names; `nil` when it is not RFC 3339, or names a day or time that does not
    /// exist (`2026-02-30`, `24:00`), which Foundation's parser would roll over into another.
    package static func date(from text: String) -> Date? {
        guard namesRealTime(text) else { return nil }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// Whether the `YYYY-MM-DDTHH:MM:SS` start of `text` is a real calendar day and time of day.
    private static func namesRealTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), hour <= 23, minute <= 59, second <= 59
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}

extension Int {
    /// The quotient rounded towards negative infinity.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of ``floorDivided(by:)``, in `0..<divisor` for a positive divisor.
    fileprivate func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}
