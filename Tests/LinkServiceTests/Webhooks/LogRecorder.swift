import Logging
import TestSupport

/// A logger that keeps what is logged through it, for tests that pin a log line.
final class LogRecorder: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let entries = Locked<[Entry]>([])

    var logged: [Entry] { entries.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { [entries] _ in Handler(entries: entries) }
    }

    private struct Handler: LogHandler {
        let entries: Locked<[Entry]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (metadata.merging(event.metadata ?? [:]) { $1 }).mapValues { "\($0)" }
            entries.withLock { $0.append(Entry(level: event.level, message: "\(event.message)", metadata: fields)) }
        }
    }
}
