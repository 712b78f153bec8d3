import AsyncHTTPClient
import GeoIP
import LinkCore
import NIOCore
import NIOPosix

/// The HTTP clients deliveries go through: one per endpoint host, which connects only to the
/// address the SSRF rule checked for it (``WebhookURLPolicy/target(_:)``) while TLS still sends
/// and verifies the host name. The client never looks the name up itself, so a second DNS answer
/// cannot send a delivery anywhere else (DNS rebinding). Redirects are not followed, and no
/// connection or read lasts longer than the attempt's time limit.
///
/// Their network work runs on a thread of its own (``BackgroundEventLoopGroup``), not on the
/// server's event loops, at the nice value the server is configured with for background work.
package actor WebhookClients {
    private let settings: WebhookSettings
    /// The thread every client's connections run on.
    package nonisolated let eventLoopGroup: MultiThreadedEventLoopGroup
    private var clients: [String: (address: IPAddress, client: HTTPClient)] = [:]
    /// Replaced clients waiting for their last attempts, by a number of their own.
    private var closing: [Int: Task<Void, Never>] = [:]
    private var retired = 0

    /// Hosts kept at most; past it every client is closed and made again when needed.
    package static let capacity = 256

    /// Clients for deliveries under `settings`, on a thread whose nice value is raised by
    /// `niceness` (``BackgroundEventLoopGroup/make(threads:niceness:)``).
    package init(settings: WebhookSettings, niceness: Int32 = 0) {
        self.settings = settings
        eventLoopGroup = BackgroundEventLoopGroup.make(niceness: niceness)
    }

    /// The client for `target`: the host's client as long as the address it connects to is
    /// still one the host resolves to, else a new one for `target.address`.
    package func client(for target: WebhookTarget) -> HTTPClient {
        if let kept = clients[target.host], target.addresses.contains(kept.address) { return kept.client }
        if let replaced = clients.removeValue(forKey: target.host) { retire(replaced.client) }
        if clients.count >= Self.capacity {
            for kept in clients.values { retire(kept.client) }
            clients = [:]
        }
        let client = Self.makeClient(
            settings, connectingTo: [target.host: target.address.description], on: eventLoopGroup)
        clients[target.host] = (target.address, client)
        return client
    }

    /// Closes every client (once the worker has stopped).
    package func shutdown() async {
        for kept in clients.values { try? await kept.client.shutdown() }
        clients = [:]
        // Attempts are over: the worker waits for its batch before it stops.
        for task in closing.values {
            task.cancel()
            await task.value
        }
        closing = [:]
        try? await eventLoopGroup.shutdownGracefully()
    }

    /// Closes `client` once attempts that may still use it are over.
    private func retire(_ client: HTTPClient) {
        let grace = settings.timeout + .seconds(5)
        retired += 1
        let number = retired
        closing[number] = Task {
            try? await Task.sleep(for: grace)
            try? await client.shutdown()
            self.closed(number)
        }
    }

    private func closed(_ number: Int) {
        closing[number] = nil
    }

    /// A client whose connections to the hosts in `addresses` go to the address given for each.
    package static func makeClient(
        _ settings: WebhookSettings, connectingTo addresses: [String: String], on group: any EventLoopGroup
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: timeAmount(settings.timeout), read: timeAmount(settings.timeout)))
        configuration.dnsOverride = addresses
        return HTTPClient(eventLoopGroup: group, configuration: configuration)
    }

    package static func timeAmount(_ duration: Duration) -> TimeAmount {
        .milliseconds(Int64(duration.timeInterval * 1000))
    }
}
