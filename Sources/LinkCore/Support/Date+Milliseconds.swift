import Foundation

extension Date {
    /// Whole milliseconds since 1970: how stores keep times, so that a stored date reads back equal.
    package var millisecondsSince1970: Int {
        Int((timeIntervalSince1970 * 1000).rounded(.down))
    }

    package init(millisecondsSince1970 milliseconds: Int) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// This date cut to whole milliseconds.
    package var truncatedToMilliseconds: Date { Date(millisecondsSince1970: millisecondsSince1970) }
}
