import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import TestSupport
import Testing

/// FDL long links carry their own social card (`st`, `sd`, `si`), which lets anyone put a title,
/// a description and an image on a tenant's domain. The manifest's `"longLinks"` decides.
@Suite("Long links' social card")
struct LongLinkSocialTests {
    static let longLink =
        "/?link=https%3A%2F%2Fwww.stories.example.com%2Fstory%2F7&st=Claim%20your%20prize&sd=Log%20in%20here"
        + "&si=https%3A%2F%2Fevil.example.net%2Fbait.png"

    /// The storyteller example with `longLinks` set to `setting` (JSON), or without it.
    static func manifest(longLinks setting: String?) throws -> Manifest {
        var text = try String(
            contentsOf: TestService.packageRoot.appendingPathComponent("Examples/storyteller.json"), encoding: .utf8)
        if let setting {
            let end = try #require(text.lastIndex(of: "}"))
            text.replaceSubrange(end...end, with: #", "longLinks": \#(setting)}"#)
        }
        return try Manifest(json: Array(text.utf8))
    }

    static func crawl(_ path: String, manifest: Manifest) async throws -> String {
        let service = try await TestService.make(manifests: [manifest])
        let html = Locked("")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get, headers: .visitor(Agents.facebook))
            #expect(response.status == .ok)
            html.withLock { $0 = response.text }
        }
        await service.close()
        return html.withLock { $0 }
    }

    @Test("by default the card is the long link's, as FDL did")
    func keptByDefault() async throws {
        let html = try await Self.crawl(Self.longLink, manifest: Self.manifest(longLinks: nil))
        #expect(html.contains("Claim your prize"))
        #expect(html.contains("https://evil.example.net/bait.png"))
    }

    @Test("\"social\": \"ignore\" drops st, sd and si")
    func ignored() async throws {
        let html = try await Self.crawl(Self.longLink, manifest: Self.manifest(longLinks: #"{"social": "ignore"}"#))
        #expect(!html.contains(#"content="Claim your prize""#))
        #expect(!html.contains(#"content="Log in here""#))
        #expect(!html.contains(#"content="https://evil.example.net/bait.png""#))
    }

    @Test("\"imageHosts\" keeps si only from those hosts, over https; st and sd stay")
    func imageHosts() async throws {
        let manifest = try Self.manifest(longLinks: #"{"imageHosts": ["cdn.stories.example.com"]}"#)
        let foreign = try await Self.crawl(Self.longLink, manifest: manifest)
        #expect(foreign.contains(#"content="Claim your prize""#))
        #expect(!foreign.contains(#"content="https://evil.example.net/bait.png""#))
        let own = try await Self.crawl(
            "/?link=https%3A%2F%2Fwww.stories.example.com%2Fstory%2F7&st=Spring&si=https%3A%2F%2Fcdn.stories.example.com%2Fs.png",
            manifest: manifest)
        #expect(own.contains("https://cdn.stories.example.com/s.png"))
        let plain = try await Self.crawl(
            "/?link=https%3A%2F%2Fwww.stories.example.com%2Fstory%2F7&st=Spring&si=http%3A%2F%2Fcdn.stories.example.com%2Fs.png",
            manifest: manifest)
        #expect(!plain.contains("cdn.stories.example.com/s.png"))
    }

    @Test("a wrong \"longLinks\" value is a manifest error with its JSON path")
    func invalidSetting() throws {
        for (setting, path) in [
            (#"{"social": "maybe"}"#, "longLinks.social"), (#"{"imageHosts": "cdn"}"#, "longLinks.imageHosts"),
            (#"{"imageHosts": ["not a host"]}"#, "longLinks.imageHosts[0]"),
        ] {
            do {
                _ = try Self.manifest(longLinks: setting)
                Issue.record("the manifest with \(setting) was accepted")
            } catch {
                #expect("\(error)".contains(path), "\(error)")
            }
        }
    }
}
