import DeepLinkRouting
import HTTPTypes
import Hummingbird
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Reading a request's body: only a body over the limit is `413`.
@Suite("Request body")
struct RequestBodyTests {
    /// A client that sent part of its body, then went away.
    struct ConnectionClosed: Error {}

    static func request(_ chunks: [String], thenFail: Bool, headers: HTTPFields = [:]) -> Request {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        for chunk in chunks { continuation.yield(ByteBuffer(string: chunk)) }
        continuation.finish(throwing: thenFail ? ConnectionClosed() : nil)
        return Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "localhost", path: "/api/v1/links", headerFields: headers),
            body: RequestBody(asyncSequence: stream))
    }

    @Test("a body that breaks off (the client went away) is 400 incomplete-body, not 413")
    func brokenOffBody() async throws {
        let request = Self.request(["{\"destination\": "], thenFail: true)
        let error = await #expect(throws: Problem.self) { try await request.collectBody(upTo: 1024) }
        #expect(error?.status == .badRequest)
        #expect(error?.code == .incompleteBody && error?.code.description == "incomplete-body")
    }

    @Test("a body over the limit, sent or announced, is 413 body-too-large; one within it is read whole")
    func tooLargeBody() async throws {
        let sent = await #expect(throws: Problem.self) {
            try await Self.request(["0123456789", "0123456789"], thenFail: false).collectBody(upTo: 15)
        }
        #expect(sent?.status == .contentTooLarge)
        #expect(sent?.code == .bodyTooLarge && sent?.code.description == "body-too-large")
        let announced = Self.request([], thenFail: false, headers: [.contentLength: "16"])
        let error = await #expect(throws: Problem.self) { try await announced.collectBody(upTo: 15) }
        #expect(error?.status == .contentTooLarge)
        let whole = try await Self.request(["0123456789", "01234"], thenFail: false).collectBody(upTo: 15)
        #expect(String(buffer: whole) == "012345678901234")
    }
}
