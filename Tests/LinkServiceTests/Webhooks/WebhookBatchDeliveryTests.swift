import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// How the delivery worker sends a batch: click events side by side up to the per-endpoint
/// bound, a link's events one at a time and in order.
@Suite("Webhook batch delivery")
struct WebhookBatchDeliveryTests {
    /// Queues an event of `type` (a link event of `link`, or a click event when `link` is nil).
    static func queue(_ type: WebhookEventType, link: String?, number: Int, on harness: WebhookDeliveryTests.Harness)
        async throws
    {
        let event = WebhookEvent(
            id: "msg_\(type.rawValue)_\(link ?? "click")_\(number)", tenant: "storyteller", type: type,
            payload: #"{"type":"\#(type.rawValue)","link":"\#(link ?? "")","number":\#(number)}"#, orderKey: link,
            createdAt: harness.time.clock.now())
        _ = try await harness.store.enqueueWebhookEvent(event, endpointID: nil)
    }

    @Test("click events to one endpoint go several at once, never more than the endpoint's bound")
    func clicksConcurrently() async throws {
        let receiver = WebhookReceiver()
        // The first answers wait until the test has seen how many requests are open at once.
        receiver.script(Array(repeating: .init(held: true), count: 12))
        try await receiver.run { url in
            let harness = try await WebhookDeliveryTests.Harness(
                url: url,
                // A generous time limit: a loaded machine (the whole suite on two cores) must not
                // turn a held answer into a retry.
                settings: WebhookSettings(
                    allowPrivate: true, timeout: .seconds(300), concurrency: 4, lease: .seconds(600)),
                events: [.linkClicked])
            for number in 0..<12 { try await Self.queue(.linkClicked, link: nil, number: number, on: harness) }
            async let delivered = harness.deliver()
            // The bound's worth of requests arrive and wait; no fifth one comes while they do.
            #expect(await eventually(every: .milliseconds(1)) { receiver.inFlightNow == 4 })
            await Task.yield()
            #expect(receiver.deliveries.count == 4)
            receiver.release()
            #expect(await delivered == 12)
            #expect(receiver.deliveries.count == 12)
            #expect(receiver.mostInFlight == 4)
            let log = try await harness.log()
            #expect(log.allSatisfy { $0.outcome == .delivered }, "\(log.compactMap(\.error))")
            #expect(try await harness.store.pendingWebhookMessages(clicksOnly: false) == 0)
            await harness.close()
        }
    }

    @Test("a link's events go one per batch, in the order they were written, beside other links' and clicks")
    func linkEventsInOrder() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let harness = try await WebhookDeliveryTests.Harness(
                url: url, settings: WebhookSettings(allowPrivate: true, concurrency: 8),
                events: [.linkUpdated, .linkClicked])
            for number in 0..<3 {
                try await Self.queue(.linkUpdated, link: "a", number: number, on: harness)
                try await Self.queue(.linkUpdated, link: "b", number: number, on: harness)
                try await Self.queue(.linkClicked, link: nil, number: number, on: harness)
            }
            // The first batch: each link's first event and every click.
            #expect(await harness.deliver() == 5)
            #expect(await harness.deliver() == 2)
            #expect(await harness.deliver() == 2)
            #expect(await harness.deliver() == 0)
            for link in ["a", "b"] {
                let ids = receiver.deliveries.compactMap { $0.header("webhook-id") }.filter {
                    $0.hasPrefix("msg_link.updated_\(link)_")
                }
                #expect(ids == (0..<3).map { "msg_link.updated_\(link)_\($0)" })
            }
            await harness.close()
        }
    }

    @Test("a message whose turn comes too late for its lease is not sent; the next claim takes it")
    func lateTurnsWait() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            // A lease no longer than the time limit: only the first wave may start.
            let settings = WebhookSettings(allowPrivate: true, timeout: .seconds(5), concurrency: 1, lease: .seconds(5))
            let harness = try await WebhookDeliveryTests.Harness(url: url, settings: settings, events: [.linkClicked])
            for number in 0..<3 { try await Self.queue(.linkClicked, link: nil, number: number, on: harness) }
            #expect(await harness.deliver() == 3)
            #expect(receiver.deliveries.count == 1)
            #expect(try await harness.log().count == 1)
            #expect(try await harness.store.pendingWebhookMessages(clicksOnly: false) == 2)
            // Given back unsent: no wait for the lease to end.
            #expect(await harness.deliver() == 2)
            #expect(receiver.deliveries.compactMap { $0.header("webhook-id") }.count == 2)
            await harness.close()
        }
    }
}
