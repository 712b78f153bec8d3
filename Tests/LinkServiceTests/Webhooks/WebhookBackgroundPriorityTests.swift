import AsyncHTTPClient
import NIOCore
import NIOPosix
import Testing

@testable import LinkService

@Suite("Webhook delivery priority")
struct WebhookBackgroundPriorityTests {
    @Test(
        "deliveries' connections run on a thread of their own at background priority, not on the server's event loops",
        .enabled(if: BackgroundEventLoopGroup.currentThreadNiceness() != nil))
    func backgroundThread() async throws {
        let clients = WebhookClients(settings: WebhookSettings())
        let base = try #require(BackgroundEventLoopGroup.currentThreadNiceness())
        let niceness = try await clients.eventLoopGroup.next().submit {
            BackgroundEventLoopGroup.currentThreadNiceness()
        }.get()
        #expect(niceness == min(19, base + BackgroundEventLoopGroup.niceness))
        // The caller's thread is untouched.
        #expect(BackgroundEventLoopGroup.currentThreadNiceness() == base)
        let address = try #require(NetworkAddress(literal: "127.0.0.1"))
        let target = WebhookTarget(host: "hooks.example.com", address: address, addresses: [address])
        let client = await clients.client(for: target)
        #expect(client.eventLoopGroup === clients.eventLoopGroup)
        await clients.shutdown()
    }
}
