import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import TestSupport
import Testing

/// `WAYFINDER_LOG_FORMAT=text`: swift-log's `StreamLogHandler` lines, exactly.
@Suite("Text logs")
struct TextLogTests {
    /// Collects what a handler writes.
    struct Lines: TextOutputStream, Sendable {
        let lines = Locked<[String]>([])
        mutating func write(_ string: String) { lines.withLock { $0.append(string) } }
    }

    @Test("a line is the one StreamLogHandler writes, with the logger's, the provider's and the event's metadata")
    func sameAsStreamLogHandler() {
        let provider = Logger.MetadataProvider { ["request_id": "r-1", "shared": "provider"] }
        let text = Lines()
        let stream = Lines()
        var loggers = [
            Logger(label: "wayfinder") { TextLogHandler(label: $0, stream: text, metadataProvider: provider) },
            Logger(label: "wayfinder") { StreamLogHandler(label: $0, stream: stream, metadataProvider: provider) },
        ]
        for index in loggers.indices {
            loggers[index][metadataKey: "hb.request.id"] = "42"
            loggers[index][metadataKey: "shared"] = "logger"
            loggers[index].info("sign-in refused", metadata: ["client": "127.0.0.1"])
            loggers[index][metadataKey: "hb.request.id"] = nil
            loggers[index][metadataKey: "shared"] = nil
            loggers[index].warning("no metadata of its own")
            loggers[index].debug("below the level")
        }
        // The timestamp (to the second) is the only part that may differ.
        func withoutTime(_ lines: Lines) -> [String] {
            lines.lines.withLock { $0 }.map { String($0.drop { $0 != " " }) }
        }
        #expect(withoutTime(text) == withoutTime(stream))
        #expect(withoutTime(text).count == 2)
        #expect(
            withoutTime(text).first
                == " info wayfinder: client=127.0.0.1 hb.request.id=42 request_id=r-1 shared=provider [LinkServiceTests] sign-in refused\n"
        )
    }
}
