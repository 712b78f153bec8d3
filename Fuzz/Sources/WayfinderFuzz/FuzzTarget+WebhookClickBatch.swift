import LinkCore
import LinkService

extension FuzzTarget {
    /// A stored batch of `link.clicked` events (``WebhookClickBatch``), as a claim reads it from
    /// the outbox: whatever the database hands back is refused with its line or read whole.
    static let webhookClickBatch = FuzzTarget(name: "webhook-click-batch") { bytes in
        let text = bytes.text
        _ = try? WebhookClickBatch.events(in: text)
        _ = try? WebhookClickBatch.events(in: WebhookClickBatch.header + text)
    }
}
