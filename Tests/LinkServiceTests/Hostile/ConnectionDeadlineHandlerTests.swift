import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

/// The deadlines on an event loop whose clock the test moves: each is met to the second, and a
/// connection kept busy is never closed for the time it has been open.
@Suite("Connection deadlines")
struct ConnectionDeadlineHandlerTests {
    /// nginx's defaults, as ``ConnectionLimits`` has them: head 60 s, body 60 s, idle 75 s.
    static let limits = ConnectionLimits()

    @Test("a connection that sends no head is closed at the head deadline, not before")
    func silentConnection() throws {
        let (channel, loop) = try Self.connected()
        loop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test("requests every 10 s keep a connection open for ten minutes; 75 s of silence after the last closes it")
    func busyThenIdle() throws {
        let (channel, loop) = try Self.connected()
        for _ in 0..<60 {
            try Self.request(on: channel, complete: true)
            try Self.respond(on: channel)
            loop.advanceTime(by: .seconds(10))
            #expect(channel.isActive)
        }
        // The last response ended 10 s ago.
        loop.advanceTime(by: .seconds(64))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test("a body that stalls after a keep-alive request is closed at the body deadline, sooner than the idle one")
    func stalledBodyAfterARequest() throws {
        let (channel, loop) = try Self.connected()
        try Self.request(on: channel, complete: true)
        try Self.respond(on: channel)
        loop.advanceTime(by: .seconds(10))
        try Self.request(on: channel, complete: false)  // head only: the body never comes
        loop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test("while the server works on a request no deadline runs, and idle time starts at its response")
    func noDeadlineWhileWorking() throws {
        let (channel, loop) = try Self.connected()
        try Self.request(on: channel, complete: true)
        loop.advanceTime(by: .seconds(600))
        #expect(channel.isActive)
        try Self.respond(on: channel)
        loop.advanceTime(by: .seconds(74))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test("pipelined requests: the idle deadline starts when the last of them is answered")
    func pipelined() throws {
        let (channel, loop) = try Self.connected()
        try Self.request(on: channel, complete: true)
        try Self.request(on: channel, complete: true)
        try Self.respond(on: channel)
        loop.advanceTime(by: .seconds(100))
        #expect(channel.isActive)
        try Self.respond(on: channel)
        loop.advanceTime(by: .seconds(75))
        #expect(!channel.isActive)
    }

    private static func connected() throws -> (EmbeddedChannel, EmbeddedEventLoop) {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(handler: ConnectionDeadlineHandler(limits: limits), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        return (channel, loop)
    }

    /// A GET's head and end in one read, or (`complete: false`) a POST's head alone.
    private static func request(on channel: EmbeddedChannel, complete: Bool) throws {
        let pipeline = channel.pipeline.syncOperations
        var head = HTTPRequestHead(version: .http1_1, method: complete ? .GET : .POST, uri: "/spring")
        head.headers.add(name: "Host", value: "localhost")
        pipeline.fireChannelRead(NIOAny(HTTPServerRequestPart.head(head)))
        if complete { pipeline.fireChannelRead(NIOAny(HTTPServerRequestPart.end(nil))) }
        pipeline.fireChannelReadComplete()
        while try channel.readInbound(as: HTTPServerRequestPart.self) != nil {}
    }

    private static func respond(on channel: EmbeddedChannel) throws {
        try channel.writeOutbound(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .found)))
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        while try channel.readOutbound(as: HTTPServerResponsePart.self) != nil {}
    }
}
