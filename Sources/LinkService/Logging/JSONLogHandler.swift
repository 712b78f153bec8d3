import DeepLinkRouting
import Foundation
import LinkCore
import Logging
import Synchronization

/// A swift-log handler that writes one JSON object per line and event, for journald and log
/// shippers (`WAYFINDER_LOG_FORMAT=json`):
///
/// ```json
/// {"time":"2026-11-26T13:05:00.123Z","level":"info","label":"wayfinder","message":"console sign-in","request_id":"…","metadata":{"tenant":"acme"}}
/// ```
///
/// `time` is RFC 3339 in UTC with milliseconds; `request_id` is there for every event logged
/// while a request is being answered (``RequestLogContext``); the other metadata (the logger's,
/// the metadata provider's, the event's, later ones winning) is under `metadata`, as strings,
/// lists and objects. Each line is written with one `write`, so lines of concurrent events do
/// not interleave.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler writing to standard error.
    public init(label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.init(label: label, metadataProvider: metadataProvider) { JSONLogHandler.writeToStandardError($0) }
    }

    /// A handler handing each line (with its newline) to `write`.
    public init(
        label: String, metadataProvider: Logger.MetadataProvider?, write: @escaping @Sendable (String) -> Void
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = Logger.Metadata.event(logger: metadata, provider: metadataProvider, explicit: event.metadata)
        // Hummingbird's own request id (on its request loggers) and ours are the same value.
        let requestID = merged.removeValue(forKey: RequestLogContext.metadataKey) ?? merged["hb.request.id"]
        merged["hb.request.id"] = nil
        var members: [JSONNode.Member] = [
            .init(key: "time", value: JSONNode(.string(Self.timestamp()))),
            .init(key: "level", value: JSONNode(.string(event.level.rawValue))),
            .init(key: "label", value: JSONNode(.string(label))),
            .init(key: "message", value: JSONNode(.string(event.message.description))),
        ]
        if let requestID { members.append(.init(key: "request_id", value: JSONNode(.string(requestID.description)))) }
        if let error = event.error { members.append(.init(key: "error", value: JSONNode(.string("\(error)")))) }
        if !merged.isEmpty {
            members.append(.init(key: "metadata", value: Self.node(.dictionary(merged))))
        }
        write(JSONNode(.object(members)).jsonText(style: .compact) + "\n")
    }

    private static func node(_ value: Logger.Metadata.Value) -> JSONNode {
        switch value {
        case .string(let text): JSONNode(.string(text))
        case .stringConvertible(let convertible): JSONNode(.string(convertible.description))
        case .array(let values): JSONNode(.array(values.map(node)))
        case .dictionary(let values):
            JSONNode(.object(values.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: node($0.value)) }))
        }
    }

    private static func timestamp() -> String {
        Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private static let output = Mutex(())

    private static func writeToStandardError(_ line: String) {
        output.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
    }
}
