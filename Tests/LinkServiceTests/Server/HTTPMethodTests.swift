import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// RFC 9110's methods: `HEAD` is `GET` without a body wherever `GET` works, and a method a known
/// path does not take is `405` with `Allow`.
@Suite("HTTP methods")
struct HTTPMethodTests {
    /// A concrete path for a registered route pattern: every parameter or wildcard is `spring`.
    static func path(for pattern: String) -> String {
        let segments = pattern.split(separator: "/").map { segment in
            segment.hasPrefix(":") || segment.contains("{") || segment.contains("*") ? "spring" : String(segment)
        }
        return "/" + segments.joined(separator: "/")
    }

    @Test("HEAD answers as GET does, without a body, on every GET route")
    func headOnEveryGetRoute() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let gets = service.server.makeRouter().routes.filter { $0.method == .get }.map { Self.path(for: "\($0.path)") }
        #expect(gets.count > 10)
        var fields = HTTPFields.visitor(Agents.desktop)
        fields[.authorization] = "Bearer \(key)"
        let headers = fields
        try await service.server.makeApplication().test(.router) { client in
            #expect(
                try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/s", "slug": "spring"}"#)
                ).status == .created)
            for path in gets {
                let get = try await client.execute(uri: path, method: .get, headers: headers)
                let head = try await client.execute(uri: path, method: .head, headers: headers)
                #expect(head.status == get.status, "HEAD \(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(path)")
                #expect(head.headers[.location] == get.headers[.location], "HEAD \(path)")
                #expect(head.body.readableBytes == 0, "HEAD \(path)")
            }
        }
        await service.close()
    }

    @Test(
        "a method a known path does not take is 405 with Allow; an unknown slug stays 404",
        arguments: [
            ("DELETE", "/healthz", "GET, HEAD"),
            ("POST", "/.well-known/apple-app-site-association", "GET, HEAD"),
            ("PUT", "/api/v1/links/spring", "DELETE, GET, HEAD, PATCH"),
            ("GET", "/v1/shortLinks", "POST"),
            ("BREW", "/healthz", "GET, HEAD"),
        ])
    func methodNotAllowed(method: String, path: String, allow: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: path, method: try #require(HTTPRequest.Method(method)), headers: .bearer(key))
            #expect(response.status == .methodNotAllowed, "\(method) \(path)")
            #expect(response.headers[.allow] == allow)
            #expect(response.headers[.contentType] == "application/problem+json")
            let missing = try await client.execute(
                uri: "/api/v1/links/nothing-here", method: .get, headers: .bearer(key))
            #expect(missing.status == .notFound)
        }
        await service.close()
    }
}
