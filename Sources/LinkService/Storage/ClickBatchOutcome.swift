/// What writing a batch of clicks did besides storing them.
public struct ClickBatchOutcome: Sendable, Hashable {
    /// `link.clicked` messages queued for webhook endpoints.
    public var queuedClickEvents: Int
    /// `link.clicked` messages not queued because the outbox holds its bound of click events.
    public var droppedClickEvents: Int

    public init(queuedClickEvents: Int = 0, droppedClickEvents: Int = 0) {
        self.queuedClickEvents = queuedClickEvents
        self.droppedClickEvents = droppedClickEvents
    }
}
