import LinkCore
import Logging

extension Logger.Metadata {
    /// The metadata of one event: the logger's own, under the metadata provider's, under the
    /// event's own (later ones win), the precedence swift-log's `StreamLogHandler` gives them.
    package static func event(
        logger: Logger.Metadata, provider: Logger.MetadataProvider?, explicit: Logger.Metadata?
    ) -> Logger.Metadata {
        var merged = logger
        if let provided = provider?.get() { merged.merge(provided) { $1 } }
        if let explicit { merged.merge(explicit) { $1 } }
        return merged
    }
}
