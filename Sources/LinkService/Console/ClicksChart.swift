import Foundation

/// The link page's "Clicks by day" bar chart, drawn on the server: one bar per day of the last
/// ``days`` days (UTC) up to today, a y axis with a readable whole-number scale, and day labels
/// a week apart. Everything is computed here; the template only writes the numbers into `<svg>`.
struct ClicksChart: Sendable {
    struct Bar: Sendable {
        let day: String
        let count: Int
        let x: Double
        let y: Double
        let width: Double
        let height: Double
    }

    struct Tick: Sendable {
        let value: Int
        let y: Double
    }

    struct DayLabel: Sendable {
        let text: String
        let x: Double
    }

    static let days = 30
    static let width = 412.0
    static let height = 210.0
    static let plotLeft = 40.0
    static let plotRight = 392.0
    static let plotTop = 10.0
    static let plotBottom = 180.0

    let bars: [Bar]
    let ticks: [Tick]
    let dayLabels: [DayLabel]
    /// Clicks in the window.
    let total: Int

    init(byDay: [String: Int], today: Date = Date()) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let start = calendar.startOfDay(for: today)
        let dates = (0..<Self.days).reversed().compactMap { calendar.date(byAdding: .day, value: -$0, to: start) }
        let keys = dates.map(Self.dayKey)
        let counts = keys.map { byDay[$0] ?? 0 }
        let largest = counts.max() ?? 0
        let step = Self.niceStep(for: largest)
        let top = max(step, Int((Double(largest) / Double(step)).rounded(.up)) * step)
        let plotHeight = Self.plotBottom - Self.plotTop
        let slot = (Self.plotRight - Self.plotLeft) / Double(Self.days)
        bars = zip(keys, counts).enumerated().map { index, pair in
            let height = Double(pair.1) / Double(top) * plotHeight
            return Bar(
                day: pair.0, count: pair.1, x: Self.round(Self.plotLeft + Double(index) * slot + slot * 0.15),
                y: Self.round(Self.plotBottom - height), width: Self.round(slot * 0.7), height: Self.round(height))
        }
        ticks = stride(from: 0, through: top, by: step).map { value in
            Tick(value: value, y: Self.round(Self.plotBottom - Double(value) / Double(top) * plotHeight))
        }
        // A label under the last day and every seventh day before it.
        dayLabels = Array(
            stride(from: Self.days - 1, through: 0, by: -7).map { index in
                DayLabel(
                    text: Self.shortDate(dates[index], calendar: calendar),
                    x: Self.round(Self.plotLeft + (Double(index) + 0.5) * slot))
            }.reversed())
        total = counts.reduce(0, +)
    }

    /// 1, 2 or 5 times a power of ten, so that at most five ticks reach `largest`.
    static func niceStep(for largest: Int) -> Int {
        guard largest > 4 else { return 1 }
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where largest <= factor * magnitude * 4 { return factor * magnitude }
            magnitude *= 10
        }
    }

    static func dayKey(_ date: Date) -> String {
        let text = ISO8601.string(from: date)
        return String(text.prefix(10))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func shortDate(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.month, .day], from: date)
        return "\(months[((parts.month ?? 1) - 1 + 12) % 12]) \(parts.day ?? 1)"
    }

    private static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    var mustacheContext: [String: Any] {
        [
            "width": Self.width, "height": Self.height, "plotLeft": Self.plotLeft, "plotRight": Self.plotRight,
            "plotTop": Self.plotTop, "plotBottom": Self.plotBottom, "labelY": Self.plotBottom + 16,
            "tickLabelX": Self.plotLeft - 6, "total": total, "empty": total == 0,
            "emptyX": (Self.plotLeft + Self.plotRight) / 2, "emptyY": (Self.plotTop + Self.plotBottom) / 2,
            "bars": bars.filter { $0.count > 0 }.map { bar -> [String: Any] in
                [
                    "day": bar.day, "count": bar.count, "x": bar.x, "y": bar.y, "width": bar.width,
                    "height": bar.height, "plural": bar.count != 1,
                ]
            },
            "ticks": ticks.map { ["value": $0.value, "y": $0.y, "textY": $0.y + 4] },
            "dayLabels": dayLabels.map { ["text": $0.text, "x": $0.x] },
        ]
    }
}
