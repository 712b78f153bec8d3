import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import NIOEmbedded
import TestSupport
import Testing

/// A global connection ceiling below the file limit: at it, the connections that have waited
/// longest without a complete request head are closed to make room; one that has sent a head is
/// never closed for it. Stalled connections from many addresses, each under its address's cap,
/// used up the file limit and `/healthz` stopped answering.
@Suite("Connection ceiling")
struct ConnectionCeilingTests {
    static let desktop = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0"

    @Test("at the ceiling the connections waiting longest for a head are shed, never one that sent its head")
    func shedsOldestStalled() async throws {
        let logs = LogRecorder()
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.connectionLimits = ConnectionLimits(connectionsPerAddress: 0, maximumConnections: 12)
        let store = MemoryLinkStore()
        let server = try LinkServer(
            configuration: configuration, manifests: [LocalTenant.manifest], store: store, logger: logs.logger)
        try await server.makeApplication().testLive { client in
            let port = try #require(client.port)
            // The test client's connection has sent heads: it stays whatever happens.
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            // A request whose head is complete and whose body is still coming.
            let working = try RawHTTPConnection(port: port)
            await working.send(
                Array(
                    "POST /api/v1/deferred/claims HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{"
                        .utf8))
            var stalled: [RawHTTPConnection] = []
            for _ in 0..<10 {
                let connection = try RawHTTPConnection(port: port, timeout: 3)
                await connection.send(Array("GET /spring HTTP/1.1\r\nHost: loc".utf8))
                stalled.append(connection)
                try await Task.sleep(for: .milliseconds(30))
            }
            // Three new clients at the ceiling: each is served, kept open, and takes the place of
            // the oldest stalled connection.
            var served: [RawHTTPConnection] = []
            for _ in 0..<3 {
                let connection = try RawHTTPConnection(port: port)
                let answer = await connection.exchange(
                    Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\(Self.desktop)\r\n\r\n".utf8))
                #expect(answer.status == 200, "\(answer.text.prefix(200))")
                served.append(connection)
            }
            for index in 0..<3 {
                #expect(await stalled[index].closedByServer(), "stalled connection \(index) was not shed")
            }
            #expect(stalled[9].isOpen, "the newest stalled connection was shed before older ones")
            #expect(working.isOpen, "a connection that had sent its head was shed")
            let answer = await working.exchange(Array("}".utf8))
            #expect(answer.status != nil && answer.status! < 500, "\(answer.text.prefix(200))")
            for connection in stalled + served + [working] { connection.close() }
        }
        try await store.close()
        let metrics = try await server.metricsText()
        // Three stalled connections, and whatever idle connection the test harness opened first.
        let shed = metrics.split(separator: "\n").first { $0.hasPrefix("wayfinder_http_connections_shed_total ") }
        #expect(shed.flatMap { Int($0.split(separator: " ")[1]) }.map { (3...4).contains($0) } == true, "\(metrics)")
        #expect(metrics.contains("wayfinder_http_connections_open"))
        let notices = logs.logged.filter { $0.message.hasPrefix("connections shed at the connection ceiling") }
        #expect(!notices.isEmpty && notices.allSatisfy { $0.level == .warning })
    }

    @Test(
        "the ceiling is derived from the file limit unless set", arguments: [(1024, 820), (256, 128), (65536, 52429)])
    func derived(fileLimit: Int, ceiling: Int) {
        #expect(ConnectionLimits.ceiling(forFileLimit: fileLimit) == ceiling)
        #expect(ConnectionLimits(maximumConnections: 500).effectiveMaximumConnections == 500)
        #expect(
            ConnectionLimits().effectiveMaximumConnections
                == ConnectionLimits.ceiling(forFileLimit: ConnectionLimits.fileLimit))
    }

    @Test("the ceiling table sheds by age among connections without a head, and refuses when none is left")
    func table() throws {
        let ceiling = ConnectionCeiling(limit: 2)
        let logger = Logger(label: "test")
        let channels = (0..<4).map { _ in EmbeddedChannel() }
        let first = try #require(ceiling.admit(channels[0], logger: logger).id)
        let second = try #require(ceiling.admit(channels[1], logger: logger).id)
        ceiling.sentHead(first)
        let third = ceiling.admit(channels[2], logger: logger)
        #expect(third.id != nil)
        #expect(third.shed.map { ObjectIdentifier($0) } == [ObjectIdentifier(channels[1])])
        ceiling.closed(second)  // already shed: nothing changes
        ceiling.sentHead(try #require(third.id))
        let fourth = ceiling.admit(channels[3], logger: logger)
        #expect(fourth.id == nil && fourth.shed.isEmpty)
        #expect(ceiling.count == 2)
        ceiling.closed(first)
        #expect(ceiling.count == 1)
    }

    @Test("shedding is logged at most once per interval, with the count since the last notice")
    func rateLimitedNotice() throws {
        let logs = LogRecorder()
        let ceiling = ConnectionCeiling(limit: 1, noticeInterval: .seconds(3600))
        for _ in 0..<5 { _ = ceiling.admit(EmbeddedChannel(), logger: logs.logger) }
        let notices = logs.logged.filter { $0.message.hasPrefix("connections shed at the connection ceiling") }
        #expect(notices.count == 1)
        #expect(notices.first?.metadata["shed"] == "1")
        #expect(notices.first?.level == .warning)
    }
}
