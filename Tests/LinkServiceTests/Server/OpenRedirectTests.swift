import DeepLinkRouting
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

/// The server must never send a visitor somewhere its tenant did not allow.
@Suite("Open redirects")
struct OpenRedirectTests {
    @Test(
        "destinations off the tenant's hosts and schemes are refused with 400",
        arguments: [
            "https://evil.example.net/",
            "//evil.example.net/",
            "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "https://www.stories.example.com.evil.net/",
            "https://www.stories.example.com@evil.net/",
            "https://evil.net\\@www.stories.example.com/",
            "https://chat.example.com/",
            "ftp://www.stories.example.com/",
            "not a url",
        ])
    func destinations(destination: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var escaped = ""
            JSONNode.writeString(destination, to: &escaped)
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": \#(escaped)}"#))
            #expect(response.status == .badRequest)
            #expect(response.json?[path: "field"] == "destination")
        }
        await service.close()
    }

    @Test(
        "fallbacks off the allowed hosts are refused with 400",
        arguments: [
            ("ios", "https://evil.example.net/app"), ("android", "https://evil.example.net/app"),
            ("desktop", "https://apps.apple.com/app/id1"),
            ("ios", "http://apps.apple.com/app/id1"),
        ])
    func fallbacks(platform: String, url: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "https://www.stories.example.com/", "fallbacks": {"\#(platform)": "\#(url)"}}"#
                ))
            #expect(response.status == .badRequest)
            #expect(response.json?[path: "field"] == "fallbacks.\(platform)")
        }
        await service.close()
    }

    @Test("a long link to a foreign site is not followed, and foreign fallbacks are ignored")
    func longLinks() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let foreign = try await client.execute(
                uri: "/?link=https%3A%2F%2Fevil.example.net%2F", method: .get, headers: .visitor(Agents.desktop))
            #expect(foreign.status == .notFound)
            #expect(foreign.headers[.location] == nil)
            let foreignFallback = try await client.execute(
                uri: "/?link=https%3A%2F%2Fwww.stories.example.com%2Fa&ofl=https%3A%2F%2Fevil.example.net%2F",
                method: .get, headers: .visitor(Agents.desktop))
            #expect(foreignFallback.status == .found)
            #expect(foreignFallback.headers[.location] == "https://www.stories.example.com/a")
        }
        await service.close()
    }
}
