import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import TestSupport
import Testing

/// Logs write a client's network, not its address (an IPv4 /24, an IPv6 /48), unless
/// `WAYFINDER_LOG_FULL_ADDRESSES` asks for whole addresses.
@Suite("Client addresses in logs")
struct LoggedAddressTests {
    @Test(
        "an address is logged as its network",
        arguments: [
            ("203.0.113.77", "203.0.113.0/24"), ("::ffff:198.51.100.9", "198.51.100.0/24"),
            ("2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"), ("2001:db8:1:2::/64", "2001:db8:1::/48"),
            ("::1", "0:0:0::/48"), ("unknown", "unknown"),
        ])
    func truncated(address: String, logged: String) {
        #expect(LoggedAddress.text(address, full: false) == logged)
        #expect(LoggedAddress.text(address, full: true) == address)
    }

    /// The `client` of each "console sign-in refused" event when the server runs with `full`.
    static func signInRefusalClients(full: Bool) async throws -> [String] {
        let logs = LogRecorder()
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.logFullClientAddresses = full
        let store = MemoryLinkStore()
        let server = try LinkServer(
            configuration: configuration, manifests: [LocalTenant.manifest], store: store, logger: logs.logger)
        try await server.makeApplication().testLive { client in
            var console = ConsoleClient(client)
            let response = try await console.signIn("wf_" + String(repeating: "x", count: 40))
            #expect(response.status == .unauthorized)
        }
        try await store.close()
        return logs.logged.filter { $0.message == "console sign-in refused" }.compactMap { $0.metadata["client"] }
    }

    @Test("the console's sign-in log names the client's /24 by default, the whole address when asked")
    func consoleLog() async throws {
        #expect(try await Self.signInRefusalClients(full: false) == ["127.0.0.0/24"])
        #expect(try await Self.signInRefusalClients(full: true) == ["127.0.0.1"])
    }

    @Test("WAYFINDER_LOG_FULL_ADDRESSES is read, false by default")
    func setting() {
        #expect(LinkServiceConfiguration(port: 0).logFullClientAddresses == false)
        #expect(LinkServiceConfiguration(port: 0).effectiveValues["WAYFINDER_LOG_FULL_ADDRESSES"] == "false")
    }
}
