import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import Testing
import WayfinderClient

/// A link service on a live loopback port with one tenant on `localhost` (the host URLSession
/// sends), which has an iOS and an Android app and one route, `item` (`/item/{id}`).
enum ClientTenant {
    static let manifest: Manifest = {
        let json = #"""
            {"id": "local", "name": "Local Stories",
             "ios": {"appIDs": ["ABCDE12345.com.local.app"], "appStoreID": "1"},
             "android": {"package": "com.local.app", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
             "domains": ["localhost"], "web": "https://www.local.example.com",
             "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
            """#
        do {
            return try Manifest(json: Array(json.utf8))
        } catch {
            fatalError("the client tests' manifest does not load: \(error)")
        }
    }()

    /// Runs `body` with a live service, a raw test client of its port (for what an app does not
    /// do: a visitor's tap, an operator's read) and the service (its store, its keys).
    static func withServer(
        _ body: @Sendable (_ serverURL: URL, any TestClientProtocol, TestService) async throws -> Void
    ) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        let service = try await TestService.make(manifests: [manifest], configuration: configuration)
        do {
            try await service.server.makeApplication().testLive { client in
                let port = try #require(client.port)
                try await body(try #require(URL(string: "http://localhost:\(port)")), client, service)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    /// The `wf_claim` token an Android visitor without the app gets when they tap `shortURL`:
    /// Chrome's intent falls back to the Play Store, whose `referrer` carries it.
    static func claimToken(tapping shortURL: URL, via client: some TestClientProtocol) async throws -> String? {
        let visit = try await client.execute(
            uri: shortURL.path, method: .get,
            headers: [.userAgent: Agents.android, HTTPField.Name("Host")!: "localhost"])
        guard let location = visit.headers[.location] else { return nil }
        let store = AndroidIntent(parsing: location)?.fallback ?? location
        guard let referrer = URLComponents(string: store)?.queryItems?.first(where: { $0.name == "referrer" })?.value
        else { return nil }
        return URLComponents(string: "?" + referrer)?.queryItems?.first { $0.name == DeferredLinkClaim.parameter }?
            .value
    }
}

/// Fails the test with `message` unless `body` throws a ``WayfinderClientError``; that error.
func clientError<Value>(
    _ message: String, _ body: () async throws(WayfinderClientError) -> Value
) async -> WayfinderClientError? {
    do {
        let value = try await body()
        Issue.record("\(message): expected a WayfinderClientError, got \(value)")
        return nil
    } catch {
        return error
    }
}
