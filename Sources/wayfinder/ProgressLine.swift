import Foundation

/// How an import shows its progress on standard error: on a terminal, one line rewritten in place
/// with the rows read, the rate and the time left; otherwise nothing until a one-line summary.
final class ProgressLine: Sendable {
    let terminal: Bool
    private let start = ContinuousClock.now

    init(terminal: Bool) {
        self.terminal = terminal
    }

    /// The line for `rows` read after `seconds`, `fraction` of the file read.
    static func line(rows: Int, fraction: Double, seconds: Double) -> String {
        let rate = seconds > 0 ? Int((Double(rows) / seconds).rounded()) : 0
        let percent = Int((fraction * 100).rounded(.down))
        var line = "\(rows) rows, \(rate) rows/s, \(percent) %"
        if fraction > 0, fraction < 1 {
            let left = seconds * (1 - fraction) / fraction
            line += ", \(Self.duration(left)) left"
        }
        return line
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : "\(whole) s"
    }

    private var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func show(rows: Int, fraction: Double) {
        guard terminal else { return }
        let text = Self.line(rows: rows, fraction: fraction, seconds: seconds)
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// Clears the line on a terminal; elsewhere writes the summary line.
    func finish(rows: Int) {
        if terminal {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        } else {
            let seconds = seconds
            let rate = seconds > 0 ? Int((Double(rows) / seconds).rounded()) : rows
            let text = "read \(rows) rows in \(String(format: "%.1f", seconds)) s (\(rate) rows/s)\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }
}
