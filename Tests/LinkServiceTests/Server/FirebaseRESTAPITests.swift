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

/// The rest of FDL's discovery document beside `shortLinks`: `managedShortLinks:create`,
/// `getLinkStats`, and the iOS SDK's two attribution calls (refused).
@Suite("FDL REST API: managedShortLinks, linkStats, attribution")
struct FirebaseRESTAPITests {
    /// Runs `body` with a server for `local` (on `localhost`, with an iOS and an Android app) and
    /// `other`, clicks written as they happen, and a key of each.
    func withServer(
        _ body: @Sendable (any TestClientProtocol, _ key: String, _ otherKey: String) async throws -> Void
    ) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlush = .synchronous
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        let otherKey = try await service.key(for: "other")
        try await service.server.makeApplication().test(.router) { client in
            try await body(client, key, otherKey)
        }
        await service.close()
    }

    static func call(
        _ method: HTTPRequest.Method, _ path: String, key: String?, body: String? = nil, host: String = "localhost",
        via client: any TestClientProtocol
    ) async throws -> TestResponse {
        let separator = path.contains("?") ? "&" : "?"
        return try await client.execute(
            uri: path + (key.map { separator + "key=" + $0 } ?? ""), method: method,
            headers: [.contentType: "application/json", HTTPField.Name("Host")!: host],
            body: body.map { ByteBuffer(string: $0) })
    }

    /// `(status word, message)` of an FDL error answer.
    static func error(_ response: TestResponse) -> (status: String?, message: String?) {
        let json = response.json
        #expect(json?[path: "error.code"] == String(response.status.code))
        return (json?[path: "error.status"], json?[path: "error.message"])
    }

    static let managed = "/v1/managedShortLinks:create"
    /// A browser that is none of iOS, Android and desktop: platform `other`.
    static let console = "Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)"

    static func statsPath(_ shortLink: String, days: String = "7") -> String {
        let encoded = shortLink.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? shortLink
        return "/v1/\(encoded)/linkStats?durationDays=\(days)"
    }

    // MARK: managedShortLinks.create

    @Test("managedShortLinks:create answers link, linkName, creationTime and info; the name is in the link's JSON")
    func managedShortLink() async throws {
        try await withServer { client, key, _ in
            let body =
                #"{"name": "Spring sale", "dynamicLinkInfo": {"domainUriPrefix": "https://localhost", "link": "https://localhost/item/7", "socialMetaTagInfo": {"socialTitle": "Seven"}, "navigationInfo": {"enableForcedRedirect": true}}, "suffix": {"option": "SHORT"}}"#
            let response = try await Self.call(.post, Self.managed, key: key, body: body, via: client)
            #expect(response.status == .ok)
            let json = try #require(response.json)
            let link = try #require(json[path: "managedShortLink.link"])
            #expect(link.hasPrefix("https://localhost/") && link.count == "https://localhost/".count + 4)
            #expect(json[path: "managedShortLink.linkName"] == "Spring sale")
            #expect(json[path: "previewLink"] == link + "?d=1")
            #expect(json["shortLink"] == nil)
            let created = try #require(json[path: "managedShortLink.creationTime"])
            #expect((try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(created)) != nil)
            #expect(json[path: "managedShortLink.info.domainUriPrefix"] == "https://localhost")
            #expect(json[path: "managedShortLink.info.link"] == "https://localhost/item/7")
            #expect(json[path: "managedShortLink.info.socialMetaTagInfo.socialTitle"] == "Seven")
            #expect(json["managedShortLink"]?["info"]?["navigationInfo"]?["enableForcedRedirect"]?.boolValue == true)

            let slug = String(link.dropFirst("https://localhost/".count))
            let read = try await client.execute(
                uri: "/api/v1/links/\(slug)", method: .get, headers: .bearer(key).adding(host: "localhost"))
            #expect(read.json?[path: "name"] == "Spring sale")

            let again = try await Self.call(.post, Self.managed, key: key, body: body, via: client)
            #expect(again.json?[path: "managedShortLink.link"] == link)
            #expect(again.json?[path: "managedShortLink.creationTime"] == created)
            let renamed = try await Self.call(
                .post, Self.managed, key: key,
                body: body.replacingOccurrences(of: "Spring sale", with: "Autumn sale"), via: client)
            #expect(renamed.status == .ok)
            #expect(renamed.json?[path: "managedShortLink.link"] != link)
        }
    }

    @Test("managedShortLinks:create needs a name of 1 to 256 characters, and only it takes CUSTOM suffixes")
    func managedShortLinkChecks() async throws {
        try await withServer { client, key, _ in
            let long = #""longDynamicLink": "https://localhost/?link=https://localhost/item/8""#
            for body in [
                "{\(long)}", #"{\#(long), "name": ""}"#, #"{\#(long), "name": 5}"#,
                #"{\#(long), "name": "\#(String(repeating: "n", count: 257))"}"#,
                #"{\#(long), "name": "N", "suffix": {"option": "CUSTOM"}}"#,
                #"{\#(long), "name": "N", "suffix": {"option": "CUSTOM", "customSuffix": "no/slash"}}"#,
            ] {
                let response = try await Self.call(.post, Self.managed, key: key, body: body, via: client)
                #expect(response.status == .badRequest, "\(body)")
                #expect(Self.error(response).status == "INVALID_ARGUMENT")
            }
            let custom = #"{\#(long), "name": "N", "suffix": {"option": "CUSTOM", "customSuffix": "sale-8"}}"#
            let made = try await Self.call(.post, Self.managed, key: key, body: custom, via: client)
            #expect(made.json?[path: "managedShortLink.link"] == "https://localhost/sale-8")
            let taken = try await Self.call(
                .post, Self.managed, key: key, body: custom.replacingOccurrences(of: "item/8", with: "item/9"),
                via: client)
            #expect(taken.status == .conflict)
            #expect(Self.error(taken).status == "ALREADY_EXISTS")
            let short = try await Self.call(
                .post, "/v1/shortLinks", key: key,
                body: #"{\#(long), "suffix": {"option": "CUSTOM", "customSuffix": "x"}}"#, via: client)
            #expect(short.status == .badRequest)
            #expect(Self.error(short).message?.contains("managedShortLinks:create") == true)
            let named = try await Self.call(
                .post, "/v1/shortLinks", key: key, body: #"{\#(long), "name": "N"}"#, via: client)
            #expect(Self.error(named).message == #"Invalid JSON payload received. Unknown name "name"."#)
        }
    }

    @Test("a managed link's name is on the console's link list and link page, and the console's search finds it")
    func managedShortLinkInConsole() async throws {
        try await withServer { client, key, _ in
            let made = try await Self.call(
                .post, Self.managed, key: key,
                body:
                    #"{"name": "Spring Sale 2026", "longDynamicLink": "https://localhost/?link=https://localhost/item/4"}"#,
                via: client)
            let link = try #require(made.json?[path: "managedShortLink.link"])
            let slug = String(link.dropFirst("https://localhost/".count))
            _ = try await Self.shortLink(5, key: key, via: client)
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let found = try await console.get("/admin/links?q=sale%202026").text
            #expect(found.contains("/admin/links/\(slug)\""))
            #expect(found.contains(#"<div class="link-name">Spring Sale 2026</div>"#))
            #expect(!found.contains("item/5"))
            let page = try await console.get("/admin/links/\(slug)").text
            #expect(page.contains("<dt>Name</dt><dd>Spring Sale 2026</dd>"))
        }
    }

    @Test(
        "every store's search finds a link by its Firebase name, ignoring ASCII case, and only the tenant's",
        arguments: LinkStoreFactory.all)
    func searchByName(_ factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let now = Date()
            func link(_ slug: String, tenant: String, name: String?) -> Link {
                Link(
                    id: "\(tenant)-\(slug)", tenant: tenant, domain: "localhost", slug: slug,
                    content: LinkContent(
                        destination: "https://localhost/item/1", firebase: FirebaseParameters(linkName: name)),
                    createdAt: now, updatedAt: now)
            }
            _ = try await store.insertLink(link("a", tenant: "t", name: "Spring Sale"))
            _ = try await store.insertLink(link("b", tenant: "t", name: nil))
            _ = try await store.insertLink(link("c", tenant: "u", name: "Spring Sale"))
            let found = try await store.searchLinks(tenant: "t", matching: "SPRING s", before: nil, limit: 10)
            #expect(found.links.map(\.slug) == ["a"])
            #expect(found.links.first?.content.firebase?.linkName == "Spring Sale")
        }
    }

    // MARK: getLinkStats

    /// A short link of `local` made through the FDL call.
    static func shortLink(_ item: Int, key: String, via client: any TestClientProtocol) async throws -> String {
        let response = try await call(
            .post, "/v1/shortLinks", key: key,
            body: #"{"longDynamicLink": "https://localhost/?link=https://localhost/item/\#(item)"}"#, via: client)
        return try #require(response.json?[path: "shortLink"])
    }

    /// `event platform` → count of a linkStats answer.
    static func counts(_ response: TestResponse) throws -> [String: String] {
        let entries = try #require(response.json?["linkEventStats"]?.arrayValue)
        var counts: [String: String] = [:]
        for entry in entries {
            let key = "\(entry[path: "event"] ?? "") \(entry[path: "platform"] ?? "")"
            #expect(counts[key] == nil, "\(key) is listed twice")
            counts[key] = entry[path: "count"]
        }
        return counts
    }

    @Test("linkStats counts people's clicks per platform and claims as APP_FIRST_OPEN; unobserved events are absent")
    func linkStats() async throws {
        try await withServer { client, key, _ in
            let shortLink = try await Self.shortLink(1, key: key, via: client)
            let path = String(shortLink.dropFirst("https://localhost".count))
            for agent in [Agents.iPhone, Agents.iPad, Agents.desktop, Self.console, Agents.facebook] {
                _ = try await client.execute(uri: path, method: .get, headers: DeferredTenants.visitor(agent))
            }
            let token = try #require(try await DeferredTenants.androidToken(String(path.dropFirst()), via: client))
            #expect(try await DeferredTenants.claim(token, via: client).status == .ok)
            _ = try await DeferredTenants.androidToken(String(path.dropFirst()), via: client)

            let response = try await Self.call(.get, Self.statsPath(shortLink), key: key, via: client)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=UTF-8")
            let counts = try Self.counts(response)
            #expect(
                counts == [
                    "CLICK IOS": "2", "CLICK ANDROID": "2", "CLICK DESKTOP": "1", "CLICK OTHER": "1",
                    "APP_FIRST_OPEN ANDROID": "1", "APP_FIRST_OPEN IOS": "0",
                ])

            let quiet = try await Self.shortLink(2, key: key, via: client)
            let zeros = try await Self.call(.get, Self.statsPath(quiet, days: "1"), key: key, via: client)
            #expect(
                try Self.counts(zeros) == [
                    "CLICK IOS": "0", "CLICK ANDROID": "0", "CLICK DESKTOP": "0", "CLICK OTHER": "0",
                    "APP_FIRST_OPEN ANDROID": "0", "APP_FIRST_OPEN IOS": "0",
                ])
        }
    }

    @Test(
        "every store counts a link's events of the days asked for: people's clicks per platform and the claims",
        arguments: LinkStoreFactory.all)
    func linkEventsWindow(_ factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let now = Date()
            let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
            let link = Link(
                id: "l1", tenant: "t", domain: "localhost", slug: "s",
                content: LinkContent(destination: "https://localhost/item/1"), createdAt: now, updatedAt: now)
            _ = try await store.insertLink(link)
            func daysAgo(_ days: Int) -> Date { now.addingTimeInterval(-Double(days) * 86_400) }
            try await store.insertClicks([
                Click(linkID: "l1", tenant: "t", time: daysAgo(2), platform: .ios),
                Click(linkID: "l1", tenant: "t", time: daysAgo(0), platform: .android),
                Click(linkID: "l1", tenant: "t", time: daysAgo(0), platform: .android),
                Click(linkID: "l1", tenant: "t", time: daysAgo(0), platform: .other, isBot: true),
            ])
            // A claim of a version-1 token (no platform) counts apart from the others.
            for (nonce, days, platform) in [("01", 2, Platform?.none), ("02", 0, .ios), ("03", 0, .ios)] {
                #expect(
                    try await store.recordClaim(
                        DeferredClaim(
                            nonce: nonce, tenant: "t", linkID: "l1", claimedAt: daysAgo(days), platform: platform)))
            }
            let three = try await store.linkEvents(tenant: "t", linkID: "l1", sinceDay: today - 2)
            #expect(three == LinkEventCounts(clicks: ["ios": 1, "android": 2], claims: ["": 1, "ios": 2]))
            let two = try await store.linkEvents(tenant: "t", linkID: "l1", sinceDay: today - 1)
            #expect(two == LinkEventCounts(clicks: ["android": 2], claims: ["ios": 2]))
            let otherTenant = try await store.linkEvents(tenant: "u", linkID: "l1", sinceDay: today - 2)
            #expect(otherTenant == LinkEventCounts())
        }
    }

    @Test("linkStats refuses a bad durationDays (400) and answers 404 for a link that is not the tenant's")
    func linkStatsErrors() async throws {
        try await withServer { client, key, otherKey in
            let shortLink = try await Self.shortLink(3, key: key, via: client)
            for days in ["0", "-1", "seven", "3651", "1.5", ""] {
                let response = try await Self.call(.get, Self.statsPath(shortLink, days: days), key: key, via: client)
                #expect(response.status == .badRequest, "durationDays=\(days)")
                #expect(Self.error(response).message?.contains("durationDays") == true)
            }
            let missing = try await Self.call(
                .get, String(Self.statsPath(shortLink).prefix { $0 != "?" }), key: key, via: client)
            #expect(missing.status == .badRequest)
            #expect(Self.error(missing).message?.hasPrefix("durationDays is required") == true)
            for link in ["https://localhost/nope", "https://other.example.com/x", "not a link", "https://localhost/"] {
                let response = try await Self.call(.get, Self.statsPath(link), key: key, via: client)
                #expect(response.status == .notFound, "\(link)")
                #expect(Self.error(response).status == "NOT_FOUND")
            }
            // Another tenant's key on its own domain does not see this tenant's link.
            let other = try await Self.call(
                .get, Self.statsPath(shortLink), key: otherKey, host: "other.example.com", via: client)
            #expect(other.status == .notFound)
        }
    }

    // MARK: Keys, on every call

    @Test(
        "every FDL call: a missing key is 403 PERMISSION_DENIED, a wrong or another tenant's key 400 INVALID_ARGUMENT")
    func keys() async throws {
        try await withServer { client, _, otherKey in
            let calls: [(HTTPRequest.Method, String, String?)] = [
                (.post, "/v1/shortLinks", #"{"longDynamicLink": "https://localhost/?link=https://localhost/item/1"}"#),
                (
                    .post, Self.managed,
                    #"{"name": "N", "longDynamicLink": "https://localhost/?link=https://localhost/item/1"}"#
                ),
                (.get, Self.statsPath("https://localhost/x"), nil),
                (.post, "/v1/installAttribution", "{}"),
                (.post, "/v1/reopenAttribution", "{}"),
            ]
            for (method, path, body) in calls {
                let missing = try await Self.call(method, path, key: nil, body: body, via: client)
                #expect(missing.status == .forbidden, "\(path)")
                #expect(Self.error(missing).status == "PERMISSION_DENIED")
                for key in ["wrong", otherKey] {
                    let wrong = try await Self.call(method, path, key: key, body: body, via: client)
                    #expect(wrong.status == .badRequest, "\(path)")
                    #expect(
                        Self.error(wrong) == ("INVALID_ARGUMENT", "API key not valid. Please pass a valid API key."))
                }
            }
        }
    }

    // MARK: installAttribution, reopenAttribution

    @Test("installAttribution and reopenAttribution are 501 UNIMPLEMENTED, naming Wayfinder's way")
    func attribution() async throws {
        try await withServer { client, key, _ in
            let install = try await Self.call(
                .post, "/v1/installAttribution", key: key,
                body: #"{"bundleId": "com.local.app", "uniqueMatchLinkToCheck": "https://localhost/x?wf_claim=y"}"#,
                via: client)
            #expect(install.status == .notImplemented)
            let installError = Self.error(install)
            #expect(installError.status == "UNIMPLEMENTED")
            #expect(installError.message?.contains("DeferredLinkClaimer") == true)
            let reopen = try await Self.call(
                .post, "/v1/reopenAttribution", key: key, body: #"{"requestedLink": "https://localhost/x"}"#,
                via: client)
            #expect(reopen.status == .notImplemented)
            #expect(Self.error(reopen).message?.contains("/api/v1/resolve") == true)
        }
    }
}

extension HTTPFields {
    fileprivate func adding(host: String) -> HTTPFields {
        var fields = self
        fields[HTTPField.Name("Host")!] = host
        return fields
    }
}
