import Foundation
import GeoIP
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import TestSupport
import Testing

/// DNS rebinding: a delivery goes to the address the SSRF rule checked, resolved once.
@Suite("Webhook DNS rebinding")
struct WebhookRebindingTests {
    /// A resolver that answers `answers` in turn (the last one from then on), and counts its calls.
    final class Resolver: Sendable {
        private let state: Locked<(answers: [[IPAddress]], calls: Int)>

        init(_ answers: [[String]]) {
            state = Locked((answers.map { $0.compactMap(IPAddress.init(host:)) }, 0))
        }

        var calls: Int { state.withLock { $0.calls } }

        var resolve: WebhookResolver {
            { [state] _ in
                state.withLock {
                    $0.calls += 1
                    return $0.answers.count > 1 ? $0.answers.removeFirst() : $0.answers[0]
                }
            }
        }
    }

    @Test("a name public when saved and private at delivery is refused and logged; nothing is sent")
    func rebindToPrivate() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { _ in
            let resolver = Resolver([["192.31.196.7"], ["10.0.0.5"]])
            let url = "https://hooks.rebind.test/hook"
            let policy = WebhookURLPolicy(allowPrivate: false, resolve: resolver.resolve)
            #expect(await policy.problem(url) == nil)  // as the endpoint is saved
            let logs = LogRecorder()
            let harness = try await WebhookDeliveryTests.Harness(
                url: url, settings: WebhookSettings(allowPrivate: false), resolve: resolver.resolve,
                logger: logs.logger)
            _ = try await harness.queue()
            #expect(await harness.deliver() == 1)
            #expect(resolver.calls == 2)
            #expect(receiver.deliveries.isEmpty)
            let attempt = try #require(try await harness.log().first)
            #expect(attempt.status == nil)
            #expect(attempt.outcome == .retrying)
            #expect(attempt.error?.contains("10.0.0.5, a private address") == true)
            let refusal = logs.logged.first { $0.message.hasPrefix("webhook delivery refused") }
            #expect(refusal?.level == .warning)
            #expect(refusal?.metadata["endpoint"] == harness.endpoint.id)
            await harness.close()
        }
    }

    @Test("a delivery connects to the address the check resolved, not to a lookup of its own")
    func connectsToCheckedAddress() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            // The receiver listens on 127.0.0.1; the name resolves to it only through the check's
            // resolver (the system's would not know it).
            let resolver = Resolver([["127.0.0.1"]])
            let named = url.replacingOccurrences(of: "127.0.0.1", with: "receiver.rebind.test")
            let harness = try await WebhookDeliveryTests.Harness(
                url: named, settings: WebhookSettings(allowPrivate: true), resolve: resolver.resolve)
            _ = try await harness.queue()
            _ = try await harness.queue()
            #expect(await harness.deliver() == 2)
            #expect(receiver.deliveries.count == 2)
            // One lookup for the endpoint's batch.
            #expect(resolver.calls == 1)
            #expect(try await harness.log().map(\.outcome) == [.delivered, .delivered])
            await harness.close()
        }
    }
}
