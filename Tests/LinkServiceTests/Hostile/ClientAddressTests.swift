import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// The client address behind a proxy is the one the trusted proxy appended to `X-Forwarded-For`,
/// never one the client wrote: a client cannot pick its own rate-limit bucket.
@Suite("Client address")
struct ClientAddressTests {
    /// Runs `body` against a live server whose resolve call allows 2 requests a minute per address.
    private func withServer(
        trustedProxies: [String] = [], trustForwardedFor: Bool = false,
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.resolveRateLimit = RateLimit(requests: 2, per: .seconds(60))
        configuration.trustedProxies = trustedProxies
        configuration.trustForwardedFor = trustForwardedFor
        let service = try await TestService.make(manifests: [LocalTenant.manifest], configuration: configuration)
        do {
            try await service.server.makeApplication().testLive(body)
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    private static func resolve(_ forwardedFor: String?, via client: any TestClientProtocol) async throws
        -> TestResponse
    {
        var headers: HTTPFields = [:]
        if let forwardedFor { headers[HTTPField.Name("X-Forwarded-For")!] = forwardedFor }
        return try await client.execute(
            uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fnothing", method: .get, headers: headers)
    }

    @Test("behind a trusted proxy the appended address is the bucket, whatever the client wrote before it")
    func rightmostEntryOfTrustedProxy() async throws {
        try await withServer(trustedProxies: ["127.0.0.1"]) { (client: any TestClientProtocol) async throws in
            for spoof in ["1.1.1.1", "2.2.2.2"] {
                #expect(try await Self.resolve("\(spoof), 203.0.113.7", via: client).status == .notFound)
            }
            let limited = try await Self.resolve("3.3.3.3, 203.0.113.7", via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.json?[path: "detail"]?.contains("203.0.113.7") == true)
            // Another client behind the same proxy has its own bucket.
            #expect(try await Self.resolve("203.0.113.8", via: client).status == .notFound)
        }
    }

    @Test("through a chain of trusted proxies the first untrusted address from the right is the client")
    func chainOfProxies() async throws {
        try await withServer(trustedProxies: ["127.0.0.1", "10.0.0.2"]) {
            (client: any TestClientProtocol) async throws in
            for spoof in ["1.1.1.1", "10.0.0.2"] {
                #expect(try await Self.resolve("\(spoof), 198.51.100.9, 10.0.0.2", via: client).status == .notFound)
            }
            #expect(try await Self.resolve("4.4.4.4, 198.51.100.9, 10.0.0.2", via: client).status == .tooManyRequests)
            #expect(try await Self.resolve("198.51.100.10, 10.0.0.2", via: client).status == .notFound)
        }
    }

    @Test("without a trusted proxy X-Forwarded-For is ignored: the peer is the bucket")
    func untrustedPeer() async throws {
        try await withServer { client in
            #expect(try await Self.resolve("1.1.1.1", via: client).status == .notFound)
            #expect(try await Self.resolve("2.2.2.2", via: client).status == .notFound)
            let limited = try await Self.resolve("3.3.3.3", via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.json?[path: "detail"]?.contains("127.0.0.1") == true)
        }
    }

    @Test("an entry that is no IP address is not believed, and cannot make a new bucket per request")
    func garbageEntries() async throws {
        try await withServer(trustedProxies: ["127.0.0.1"]) { (client: any TestClientProtocol) async throws in
            let garbage = ["not-an-address", String(repeating: "9", count: 4000), "1.1.1.1:80", "<script>"]
            var statuses: [HTTPResponse.Status] = []
            for entry in garbage { statuses.append(try await Self.resolve(entry, via: client).status) }
            #expect(statuses == [.notFound, .notFound, .tooManyRequests, .tooManyRequests])
        }
    }

    @Test(
        "an entry with a zone, brackets or a leading zero is no address: not believed, the peer is the bucket",
        arguments: ["fe80::1%eth0", "fe80::1%1", "[2001:db8::1]", "01.2.3.4", "::ffff:01.2.3.4"])
    func strictEntries(entry: String) async throws {
        try await withServer(trustedProxies: ["127.0.0.1"]) { (client: any TestClientProtocol) async throws in
            #expect(try await Self.resolve("\(entry)", via: client).status == .notFound)
            #expect(try await Self.resolve("1.1.1.1, \(entry)", via: client).status == .notFound)
            let limited = try await Self.resolve(entry, via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.json?[path: "detail"]?.contains("127.0.0.1") == true)
        }
    }

    @Test("an IPv4-mapped entry shares its IPv4 address's bucket")
    func mappedEntry() async throws {
        try await withServer(trustedProxies: ["127.0.0.1"]) { (client: any TestClientProtocol) async throws in
            #expect(try await Self.resolve("203.0.113.7", via: client).status == .notFound)
            #expect(try await Self.resolve("::ffff:203.0.113.7", via: client).status == .notFound)
            let limited = try await Self.resolve("::ffff:cb00:7107", via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.json?[path: "detail"]?.contains("203.0.113.7") == true)
        }
    }

    @Test("trusting every peer takes the rightmost entry, the one the nearest proxy wrote")
    func trustEveryPeer() async throws {
        try await withServer(trustForwardedFor: true) { (client: any TestClientProtocol) async throws in
            #expect(try await Self.resolve("1.1.1.1, 192.0.2.1", via: client).status == .notFound)
            #expect(try await Self.resolve("2.2.2.2, 192.0.2.1", via: client).status == .notFound)
            #expect(try await Self.resolve("3.3.3.3, 192.0.2.1", via: client).status == .tooManyRequests)
        }
    }

    @Test("IPv6 clients share a bucket per /64 (one subscriber's prefix); another /64 has its own")
    func ipv6Prefix() async throws {
        try await withServer(trustedProxies: ["127.0.0.1"]) { (client: any TestClientProtocol) async throws in
            #expect(try await Self.resolve("2001:db8:1:2::1", via: client).status == .notFound)
            #expect(try await Self.resolve("2001:db8:1:2:ffff:ffff:ffff:fffe", via: client).status == .notFound)
            let limited = try await Self.resolve("2001:db8:1:2:aaaa::7", via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.json?[path: "detail"]?.contains("2001:db8:1:2::/64") == true)
            #expect(try await Self.resolve("2001:db8:1:3::1", via: client).status == .notFound)
            // IPv4 addresses stay exact.
            #expect(try await Self.resolve("203.0.113.7", via: client).status == .notFound)
        }
    }
}
