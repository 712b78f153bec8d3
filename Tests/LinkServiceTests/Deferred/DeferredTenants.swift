import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Two tenants for deferred deep link tests on a live port: `local` on `localhost` (the host live
/// clients and URLSession send) with an iOS and an Android app, and `other` on its own domain.
enum DeferredTenants {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static let local = manifest(
        #"""
        {"id": "local", "name": "Local Stories", "iconURL": "https://cdn.local.example.com/icon.png",
         "ios": {"appIDs": ["ABCDE12345.com.local.app"], "appStoreID": "1"},
         "android": {"package": "com.local.app", "sha256CertFingerprints": ["\#(fingerprint)"]},
         "domains": ["localhost"], "web": "https://www.local.example.com",
         "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
        """#)

    static let other = manifest(
        #"""
        {"id": "other", "ios": {"appIDs": ["ABCDE12345.com.other.app"], "appStoreID": "2"},
         "android": {"package": "com.other.app", "sha256CertFingerprints": ["\#(fingerprint)"]},
         "domains": ["other.example.com"], "web": "https://www.other.example.com",
         "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
        """#)

    private static func manifest(_ json: String) -> Manifest {
        do {
            return try Manifest(json: Array(json.utf8))
        } catch {
            fatalError("a deferred test manifest does not load: \(error)")
        }
    }

    static func visitor(_ agent: String, host: String = "localhost") -> HTTPFields {
        [.userAgent: agent, HTTPField.Name("Host")!: host]
    }

    /// `POST /api/v1/deferred/claims` with `{"token": token}` on `host`.
    static func claim(_ token: String, host: String = "localhost", via client: some TestClientProtocol) async throws
        -> TestResponse
    {
        try await client.execute(
            uri: "/api/v1/deferred/claims", method: .post,
            headers: [HTTPField.Name("Host")!: host, .contentType: "application/json"],
            body: ByteBuffer(string: #"{"token": "\#(token)"}"#))
    }

    /// The token an Android visit of `slug` is given (in the referrer of the Play Store URL that
    /// Chrome's intent falls back to).
    static func androidToken(_ slug: String, via client: some TestClientProtocol) async throws -> String? {
        let response = try await client.execute(uri: "/\(slug)", method: .get, headers: visitor(Agents.android))
        return response.headers[.location].flatMap(token(inPlayStoreURL:))
    }

    /// The `wf_claim` token inside a Play Store URL's `referrer` (itself a query string), or inside
    /// that of an Android intent's Play Store fallback (Chrome's answer for an app's link).
    static func token(inPlayStoreURL location: String) -> String? {
        let store = AndroidIntent(parsing: location)?.fallback ?? location
        guard let referrer = URLComponents(string: store)?.queryItems?.first(where: { $0.name == "referrer" })?.value
        else { return nil }
        return URLComponents(string: "?" + referrer)?.queryItems?.first { $0.name == "wf_claim" }?.value
    }

    /// The claim URL the preview page's "Get the app" copies (its `data-claim`, unescaped).
    static func claimURL(inPage html: String) -> String? {
        guard let start = html.range(of: #"data-claim=""#) else { return nil }
        let value = html[start.upperBound...].prefix { $0 != "\"" }
        return value.replacingOccurrences(of: "&amp;", with: "&")
    }

    static func token(inClaimURL url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == "wf_claim" }?.value
    }
}
