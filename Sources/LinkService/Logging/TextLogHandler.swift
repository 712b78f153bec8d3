import LinkCore
import Logging

/// swift-log's `StreamLogHandler` on standard error (its format, line for line), with the
/// logger's own metadata made text when an event is logged instead of whenever it is set
/// (`WAYFINDER_LOG_FORMAT=text`, the default).
///
/// Hummingbird gives every request's logger its request id. `StreamLogHandler` formats all of a
/// logger's metadata each time one value is set, which cost every request about 2 µs of the
/// server's CPU (a tenth of a `/healthz`), though a redirect logs nothing.
package struct TextLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }
    package var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }
    /// Holds no metadata of its own: it gets the logger's with each event.
    private var stream: StreamLogHandler

    /// A handler writing to standard error.
    package init(label: String, metadataProvider: Logger.MetadataProvider?) {
        stream = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
    }

    /// A handler writing to `stream`.
    package init(label: String, stream: any TextOutputStream & Sendable, metadataProvider: Logger.MetadataProvider?) {
        self.stream = StreamLogHandler(label: label, stream: stream, metadataProvider: metadataProvider)
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        guard !metadata.isEmpty else { return stream.log(event: event) }
        // The logger's metadata handed over as the event's, in `StreamLogHandler`'s precedence,
        // so the line is the one it would write.
        var event = event
        event.metadata = Logger.Metadata.event(logger: metadata, provider: metadataProvider, explicit: event.metadata)
        stream.log(event: event)
    }
}
