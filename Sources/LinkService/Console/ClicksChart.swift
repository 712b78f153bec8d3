import Foundation
import LinkCore

/// The link page's "Clicks by day" bar chart, drawn on the server: one bar per day with clicks of
/// the last ``days`` days (UTC) up to today, a y axis with a readable whole-number scale, and day
/// labels a week apart. Everything is computed here; the template only writes the numbers into
/// `<svg>`.
package struct ClicksChart: Sendable {
    /// The drawing's size and plot area, in svg units, and where its labels sit.
    package struct Frame: Sendable {
        package let width: Double
        package let height: Double
        package let plotLeft: Double
        package let plotRight: Double
        package let plotTop: Double
        package let plotBottom: Double
        /// The baseline of the day labels.
        package let labelY: Double
        /// Where the tick labels end.
        package let tickLabelX: Double
        /// The middle of the plot, for "No clicks yet".
        package let emptyX: Double
        package let emptyY: Double

        package init(
            width: Double, height: Double, plotLeft: Double, plotRight: Double, plotTop: Double, plotBottom: Double
        ) {
            self.width = width
            self.height = height
            self.plotLeft = plotLeft
            self.plotRight = plotRight
            self.plotTop = plotTop
            self.plotBottom = plotBottom
            labelY = plotBottom + 16
            tickLabelX = plotLeft - 6
            emptyX = (plotLeft + plotRight) / 2
            emptyY = (plotTop + plotBottom) / 2
        }

        package static let standard = Frame(
            width: 412, height: 210, plotLeft: 40, plotRight: 392, plotTop: 10, plotBottom: 180)
    }

    package struct Bar: Sendable {
        package let day: String
        package let count: Int
        package let x: Double
        package let y: Double
        package let width: Double
        package let height: Double
        /// Whether the count reads "clicks" rather than "click".
        package let plural: Bool
    }

    package struct Tick: Sendable {
        package let value: Int
        package let y: Double
        /// The baseline of the tick's label.
        package let textY: Double
    }

    package struct DayLabel: Sendable {
        package let text: String
        package let x: Double
    }

    package static let days = 30

    package let frame = Frame.standard
    /// The days with clicks (a day without any draws no bar).
    package let bars: [Bar]
    package let ticks: [Tick]
    package let dayLabels: [DayLabel]
    /// Clicks in the window.
    package let total: Int
    /// Whether the window has no clicks.
    package let empty: Bool

    package init(byDay: [String: Int], today: Date = Date()) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let start = calendar.startOfDay(for: today)
        let dates = (0..<Self.days).reversed().compactMap { calendar.date(byAdding: .day, value: -$0, to: start) }
        let keys = dates.map(Self.dayKey)
        let counts = keys.map { byDay[$0] ?? 0 }
        let largest = counts.max() ?? 0
        let step = Self.niceStep(for: largest)
        let top = max(step, Int((Double(largest) / Double(step)).rounded(.up)) * step)
        let frame = Frame.standard
        let plotHeight = frame.plotBottom - frame.plotTop
        let slot = (frame.plotRight - frame.plotLeft) / Double(Self.days)
        bars = zip(keys, counts).enumerated().filter { $0.element.1 > 0 }.map { index, pair in
            let height = Double(pair.1) / Double(top) * plotHeight
            return Bar(
                day: pair.0, count: pair.1, x: Self.round(frame.plotLeft + Double(index) * slot + slot * 0.15),
                y: Self.round(frame.plotBottom - height), width: Self.round(slot * 0.7), height: Self.round(height),
                plural: pair.1 != 1)
        }
        ticks = stride(from: 0, through: top, by: step).map { value in
            let y = Self.round(frame.plotBottom - Double(value) / Double(top) * plotHeight)
            return Tick(value: value, y: y, textY: y + 4)
        }
        // A label under the last day and every seventh day before it.
        dayLabels = Array(
            stride(from: Self.days - 1, through: 0, by: -7).map { index in
                DayLabel(
                    text: Self.shortDate(dates[index], calendar: calendar),
                    x: Self.round(frame.plotLeft + (Double(index) + 0.5) * slot))
            }.reversed())
        total = counts.reduce(0, +)
        empty = total == 0
    }

    /// 1, 2 or 5 times a power of ten, so that at most five ticks reach `largest`.
    package static func niceStep(for largest: Int) -> Int {
        guard largest > 4 else { return 1 }
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where largest <= factor * magnitude * 4 { return factor * magnitude }
            magnitude *= 10
        }
    }

    package static func dayKey(_ date: Date) -> String {
        let text = ISO8601.string(from: date)
        return String(text.prefix(10))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package static func shortDate(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.month, .day], from: date)
        return "\(months[((parts.month ?? 1) - 1 + 12) % 12]) \(parts.day ?? 1)"
    }

    private static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
