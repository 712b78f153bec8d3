import DeepLinkRouting
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// A tenant on `localhost`, the host live test clients send: for tests on a real port.
package enum LocalTenant {
    package static let manifest: Manifest = {
        let json = #"""
            {"id": "local", "ios": {"appIDs": ["ABCDE12345.com.local.app"], "appStoreID": "1"}, "domains": ["localhost"],
             "web": "https://www.local.example.com", "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
            """#
        do {
            return try Manifest(json: Array(json.utf8))
        } catch {
            fatalError("the local test manifest does not load: \(error)")
        }
    }()

    /// Where a desktop visitor of `slug` is sent (`nil` when not redirected).
    package static func location(of slug: String, via client: some TestClientProtocol) async throws -> String? {
        let response = try await client.execute(uri: "/\(slug)", method: .get, headers: [.userAgent: Agents.desktop])
        return response.status == .found ? response.headers[.location] : nil
    }

    /// Creates a link through the API; the response.
    package static func create(_ slug: String, destination: String, key: String, via client: some TestClientProtocol)
        async throws -> TestResponse
    {
        try await client.execute(
            uri: "/api/v1/links", method: .post, headers: .bearer(key),
            body: ByteBuffer(string: #"{"destination": "\#(destination)", "slug": "\#(slug)"}"#))
    }
}
