import HTTPTypes
import Hummingbird
import NIOCore

@testable import HummingbirdTesting

/// How a test reaches the server: through its router, or over a loopback connection to a live
/// port (``HummingbirdTesting``'s `.live`).
package enum TestTransport: Sendable {
    case router
    case live
}

/// A live client whose requests carry exactly one `Host`: the test's own, else `localhost`.
///
/// HummingbirdTesting's `.live` client always sends `Host: localhost` and then a test's own `Host`
/// as a second line; the server answers such a request `400` (RFC 9112 §3.2), so tests that pick
/// a tenant by its domain go through this client instead.
package struct LiveTestClient: TestClientProtocol {
    package let client: TestClient
    package static let host = HTTPField.Name("Host")!

    package var port: Int? { client.port }

    package func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        var headers = headers
        let host = headers[Self.host] ?? "localhost"
        headers[Self.host] = nil
        headers[.connection] = "keep-alive"
        let response = try await client.execute(
            TestClient.Request(uri, method: method, authority: host, headers: headers, body: body))
        return TestResponse(
            head: response.head, body: response.body ?? ByteBuffer(), trailerHeaders: response.trailerHeaders)
    }
}

extension ApplicationProtocol {
    /// Runs `test` against this application on a live loopback port, with a ``LiveTestClient``.
    package func testLive<Value: Sendable>(
        _ test: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        try await self.test(.live) { live in
            let client = TestClient(
                host: "localhost", port: live.port ?? 0, configuration: .init(timeout: .seconds(20)))
            client.connect()
            do {
                let value = try await test(LiveTestClient(client: client))
                try? await client.shutdown()
                return value
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }

    /// Runs `test` against this application over `transport`.
    package func test<Value: Sendable>(
        over transport: TestTransport, _ test: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        switch transport {
        case .router: try await self.test(.router, test)
        case .live: try await testLive(test)
        }
    }
}
