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

/// A link service with the example manifests as tenants, its links in memory: tests that are not
/// about storage need no database file (the store conformance suite pins that the memory store
/// behaves as SQLite and PostgreSQL do).
package struct TestService {
    /// The folder of the SQLite file when the test asked for one (a test of restarts).
    package let directory: TemporaryDirectory?
    package let store: any LinkStore
    package let server: LinkServer

    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static func example(_ name: String) throws -> Manifest {
        try Manifest(contentsOf: packageRoot.appendingPathComponent("Examples/\(name).json"))
    }

    /// A service on a ``MemoryLinkStore``, or on the SQLite file `links.sqlite` in `directory` when
    /// one is given (so that a second service on the same directory finds the first one's links).
    package static func make(
        manifests: [Manifest]? = nil, configuration: LinkServiceConfiguration = LinkServiceConfiguration(port: 0),
        directory: TemporaryDirectory? = nil, clock: ServiceClock = .system
    ) async throws -> TestService {
        let store: any LinkStore =
            if let directory { try await SQLiteLinkStore.open(path: directory.path("links.sqlite")) } else {
                MemoryLinkStore()
            }
        do {
            let manifests = try manifests ?? [example("storyteller"), example("chat")]
            let server = try LinkServer(configuration: configuration, manifests: manifests, store: store, clock: clock)
            return TestService(directory: directory, store: store, server: server)
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// A new API key of `tenant`, stored as `keys create` stores it.
    package func key(for tenant: String, scopes: [Scope] = Scope.standard) async throws -> String {
        let (key, record) = APIKey.make(tenant: tenant, scopes: scopes)
        try await store.insertAPIKey(record)
        return key
    }

    package func close() async {
        try? await store.close()
        directory?.remove()
    }
}

extension HTTPFields {
    package static func bearer(_ key: String) -> HTTPFields {
        [.authorization: "Bearer \(key)", .contentType: "application/json"]
    }

    package static func visitor(_ userAgent: String, host: String = "share.stories.example.com") -> HTTPFields {
        [.userAgent: userAgent, HTTPField.Name("Host")!: host]
    }
}

extension TestResponse {
    package var text: String { String(buffer: body) }

    /// The body as a JSON object.
    package var json: JSONNode? { try? JSONParser().parse(text) }
}

extension JSONNode {
    package subscript(path path: String) -> String? {
        var node: JSONNode? = self
        for key in path.split(separator: ".") { node = node?[String(key)] }
        if case .number(let text)? = node?.value { return text }
        return node?.stringValue
    }
}

/// User agents of the visitors in the redirect table.
package enum Agents {
    package static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
    package static let iPad =
        "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
    package static let android =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
    package static let desktop =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    package static let facebook = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
    package static let crawlers = [
        facebook, "Twitterbot/1.0", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "LinkedInBot/1.0",
        "WhatsApp/2.23.20.0", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "TelegramBot (like TwitterBot)",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (Macintosh) Applebot/0.1",
    ]
}
