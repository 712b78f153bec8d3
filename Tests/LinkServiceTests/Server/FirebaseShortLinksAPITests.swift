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

@Suite("FDL REST API: POST /v1/shortLinks")
struct FirebaseShortLinksAPITests {
    /// Runs `body` with a server for the Acme fixture and a key of its tenant.
    func withServer(_ body: @Sendable (any TestClientProtocol, String, TestService) async throws -> Void) async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let key = try await service.key(for: "acme")
        try await service.server.makeApplication().test(.router) { client in
            try await body(client, key, service)
        }
        await service.close()
    }

    static func post(
        _ body: String, key: String?, host: String = "acme.example", via client: any TestClientProtocol
    ) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/shortLinks" + (key.map { "?key=" + $0 } ?? ""), method: .post,
            headers: [.contentType: "application/json", HTTPField.Name("Host")!: host], body: ByteBuffer(string: body))
    }

    static let info = #"""
        {"dynamicLinkInfo": {"domainUriPrefix": "https://acme.example/link", "link": "https://acme.example/story/7",
          "androidInfo": {"androidPackageName": "com.acme.app", "androidFallbackLink": "https://www.acme.example/android"},
          "iosInfo": {"iosBundleId": "com.acme.app", "iosIpadFallbackLink": "https://www.acme.example/ipad", "iosAppStoreId": "555"},
          "navigationInfo": {"enableForcedRedirect": true},
          "analyticsInfo": {"itunesConnectAnalytics": {"at": "a1", "ct": "c1", "mt": "8", "pt": "p1"}},
          "socialMetaTagInfo": {"socialTitle": "Seven", "socialDescription": "A tale", "socialImageLink": "https://cdn.acme.example/7.png"},
          "otherPlatformInfo": {"fallbackUrl": "https://www.acme.example/desk"}},
         "suffix": {"option": "SHORT"}}
        """#

    @Test("dynamicLinkInfo makes a short link under the prefix, with previewLink and no warnings; every field acts")
    func dynamicLinkInfo() async throws {
        try await withServer { client, key, _ in
            let response = try await Self.post(Self.info, key: key, via: client)
            #expect(response.status == .ok)
            let json = try #require(response.json)
            let shortLink = try #require(json[path: "shortLink"])
            #expect(shortLink.hasPrefix("https://acme.example/link/"))
            let slug = String(shortLink.dropFirst("https://acme.example/link/".count))
            #expect(slug.count == 4)
            #expect(json[path: "previewLink"] == shortLink + "?d=1")
            #expect(json["warning"] == nil)

            let path = "/link/" + slug
            let headers = { (agent: String) in HTTPFields.visitor(agent, host: "acme.example") }
            let iPhone = try await client.execute(uri: path, method: .get, headers: headers(Agents.iPhone))
            #expect(iPhone.headers[.location] == "https://apps.apple.com/app/id555?at=a1&ct=c1&mt=8&pt=p1")
            let iPad = try await client.execute(uri: path, method: .get, headers: headers(Agents.iPad))
            #expect(iPad.headers[.location] == "https://www.acme.example/ipad")
            let android = try await client.execute(uri: path, method: .get, headers: headers(Agents.android))
            // Chrome gets the app's intent; afl is where it goes without the app.
            #expect(
                AndroidIntent(parsing: android.headers[.location] ?? "")?.fallback == "https://www.acme.example/android"
            )
            let desktop = try await client.execute(uri: path, method: .get, headers: headers(Agents.desktop))
            #expect(desktop.headers[.location] == "https://www.acme.example/desk")
            let crawler = try await client.execute(uri: path, method: .get, headers: headers(Agents.facebook))
            #expect(crawler.text.contains(#"<meta property="og:title" content="Seven">"#))
        }
    }

    @Test("the same request twice gives the same short link; SHORT has 4 characters, UNGUESSABLE (the default) 17")
    func idempotent() async throws {
        try await withServer { client, key, _ in
            let long =
                #"{"longDynamicLink": "https://go.acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F8&st=Eight", "suffix": {"option": "SHORT"}}"#
            let first = try await Self.post(long, key: key, via: client)
            let second = try await Self.post(long, key: key, via: client)
            #expect(first.status == .ok)
            let shortLink = try #require(first.json?[path: "shortLink"])
            #expect(second.json?[path: "shortLink"] == shortLink)
            #expect(shortLink.hasPrefix("https://go.acme.example/"))
            #expect(shortLink.count == "https://go.acme.example/".count + 4)

            // FDL's default is UNGUESSABLE; saying so gives the same link.
            let unguessable =
                #"{"longDynamicLink": "https://go.acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F8&st=Eight"}"#
            let third = try await Self.post(unguessable, key: key, via: client)
            let fourth = try await Self.post(
                #"{"longDynamicLink": "https://go.acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F8&st=Eight", "suffix": {"option": "UNGUESSABLE"}}"#,
                key: key, via: client)
            let long17 = try #require(third.json?[path: "shortLink"])
            #expect(long17.count == "https://go.acme.example/".count + 17)
            #expect(fourth.json?[path: "shortLink"] == long17)
            #expect(long17 != shortLink)

            let other = #"{"longDynamicLink": "https://go.acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F9"}"#
            #expect(try await Self.post(other, key: key, via: client).json?[path: "shortLink"] != shortLink)

            let visit = try await client.execute(
                uri: String(shortLink.dropFirst("https://go.acme.example".count)), method: .get,
                headers: .visitor(Agents.facebook, host: "go.acme.example"))
            #expect(visit.text.contains(#"<meta property="og:title" content="Eight">"#))
        }
    }

    @Test("app identities that are not the manifest's are warnings in FDL's shape; unknown parameters too")
    func warnings() async throws {
        try await withServer { client, key, _ in
            let long =
                #"{"longDynamicLink": "https://acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F3&apn=com.other&ibi=com.other.ios&isi=999&foo=1"}"#
            let response = try await Self.post(long, key: key, via: client)
            #expect(response.status == .ok)
            let warnings = try #require(response.json?["warning"]?.arrayValue)
            let codes = warnings.compactMap { $0["warningCode"]?.stringValue }
            #expect(
                codes == [
                    "NOT_IN_PROJECT_ANDROID_PACKAGE_NAME", "NOT_IN_PROJECT_IOS_BUNDLE_ID",
                    "NOT_MATCHING_IOS_BUNDLE_ID_AND_STORE_ID", "UNRECOGNIZED_PARAM",
                ])
            #expect(warnings.allSatisfy { $0["warningMessage"]?.stringValue?.isEmpty == false })
        }
    }

    @Test(
        "errors are FDL's {error: {code, message, status}}",
        arguments: [
            (
                #"{"longDynamicLink": "https://acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F1"}"#, "wrong",
                400, "INVALID_ARGUMENT", "API key not valid"
            ),
            (
                #"{"longDynamicLink": "https://acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F1"}"#, nil, 403,
                "PERMISSION_DENIED", "missing a valid API key"
            ),
            (
                #"{"dynamicLinkInfo": {"domainUriPrefix": "https://acme.page.link", "link": "https://acme.example/story/1"}}"#,
                "", 400, "INVALID_ARGUMENT", "does not own Dynamic Links domain: https://acme.page.link"
            ),
            (
                #"{"dynamicLinkInfo": {"domainUriPrefix": "https://acme.example/promo", "link": "https://acme.example/story/1"}}"#,
                "", 400, "INVALID_ARGUMENT", "not a link path prefix"
            ),
            (
                #"{"dynamicLinkInfo": {"domainUriPrefix": "https://acme.example", "link": "https://evil.example/"}}"#,
                "", 400, "INVALID_ARGUMENT", "link: \"https://evil.example/\" is neither a deep link"
            ),
            (
                #"{"dynamicLinkInfo": {"domainUriPrefix": "https://acme.example", "link": "https://acme.example/story/1", "iosInfo": {"iosFallbackLink": "https://evil.example/"}}}"#,
                "", 400, "INVALID_ARGUMENT", "ifl:"
            ),
            (
                #"{"longDynamicLink": "https://acme.example/?link=x", "suffix": {"option": "LONG"}}"#, "", 400,
                "INVALID_ARGUMENT", "suffix.option"
            ),
            (#"not json"#, "", 400, "INVALID_ARGUMENT", "Invalid JSON payload"),
        ] as [(String, String?, Int, String, String)])
    func errors(body: String, key: String?, code: Int, status: String, message: String) async throws {
        try await withServer { client, validKey, _ in
            let response = try await Self.post(body, key: key.map { $0.isEmpty ? validKey : $0 }, via: client)
            #expect(response.status.code == code)
            let error = try #require(response.json?["error"])
            #expect(error[path: "code"] == String(code))
            #expect(error[path: "status"] == status)
            #expect(error[path: "message"]?.contains(message) == true, "\(error[path: "message"] ?? "")")
            #expect(error.objectValue?.map(\.key).sorted() == ["code", "message", "status"])
        }
    }

    @Test("another tenant's key is not valid on this tenant's domain")
    func otherTenantKey() async throws {
        let service = try await TestService.make(manifests: [
            try FirebaseFixture.manifest(), try TestService.example("storyteller"),
        ])
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await Self.post(
                #"{"longDynamicLink": "https://acme.example/?link=https%3A%2F%2Facme.example%2Fstory%2F1"}"#, key: key,
                via: client)
            #expect(response.status == .badRequest)
            #expect(response.json?["error"]?[path: "status"] == "INVALID_ARGUMENT")
        }
        await service.close()
    }
}
