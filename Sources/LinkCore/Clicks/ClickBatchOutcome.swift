/// What writing a batch of clicks did besides storing them.
package struct ClickBatchOutcome: Sendable, Hashable {
    /// `link.clicked` messages queued for webhook endpoints.
    package var queuedClickEvents: Int
    /// `link.clicked` messages not queued because the outbox holds its bound of click events.
    package var droppedClickEvents: Int

    package init(queuedClickEvents: Int = 0, droppedClickEvents: Int = 0) {
        self.queuedClickEvents = queuedClickEvents
        self.droppedClickEvents = droppedClickEvents
    }
}
