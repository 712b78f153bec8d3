import AsyncHTTPClient
import GeoIP
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import NIOPosix
import Testing

@Suite("Webhook delivery priority")
struct WebhookBackgroundPriorityTests {
    @Test(
        "deliveries' connections run on a thread of their own, its nice value raised by the configured niceness",
        .enabled(if: BackgroundEventLoopGroup.currentThreadNiceness() != nil))
    func backgroundThread() async throws {
        let clients = WebhookClients(settings: WebhookSettings(), niceness: 10)
        let base = try #require(BackgroundEventLoopGroup.currentThreadNiceness())
        let niceness = try await clients.eventLoopGroup.next().submit {
            BackgroundEventLoopGroup.currentThreadNiceness()
        }.get()
        #expect(niceness == min(19, base + 10))
        // The caller's thread is untouched.
        #expect(BackgroundEventLoopGroup.currentThreadNiceness() == base)
        let address = try #require(IPAddress(host: "127.0.0.1"))
        let target = WebhookTarget(host: "hooks.example.com", address: address, addresses: [address])
        let client = await clients.client(for: target)
        #expect(client.eventLoopGroup === clients.eventLoopGroup)
        await clients.shutdown()
    }

    @Test(
        "by default the delivery thread keeps the server's own priority",
        .enabled(if: BackgroundEventLoopGroup.currentThreadNiceness() != nil))
    func defaultPriority() async throws {
        let clients = WebhookClients(settings: WebhookSettings())
        let base = try #require(BackgroundEventLoopGroup.currentThreadNiceness())
        let niceness = try await clients.eventLoopGroup.next().submit {
            BackgroundEventLoopGroup.currentThreadNiceness()
        }.get()
        #expect(niceness == base)
        await clients.shutdown()
    }

    @Test(
        "the worker's own tasks, child tasks included, run on that thread too",
        .enabled(if: BackgroundEventLoopGroup.currentThreadNiceness() != nil))
    func workerTasksOnTheBackgroundThread() async throws {
        let clients = WebhookClients(settings: WebhookSettings(), niceness: 10)
        let base = try #require(BackgroundEventLoopGroup.currentThreadNiceness())
        let executor = EventLoopTaskExecutor(clients.eventLoopGroup.next())
        let seen = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Int32?.self) { group in
                for _ in 0..<4 { group.addTask { BackgroundEventLoopGroup.currentThreadNiceness() } }
                return await group.reduce(into: [Int32?]()) { $0.append($1) }
            }
        }
        #expect(seen == Array(repeating: min(19, base + 10), count: 4))
        await clients.shutdown()
    }
}
