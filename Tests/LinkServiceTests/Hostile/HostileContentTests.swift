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

/// Hostile values in well-formed requests, on a live server: huge and deep bodies, wrong types,
/// script URLs wherever a URL is taken, CRLF where a value reaches a header, markup where it
/// reaches a page, another tenant's key, broken credentials. Never a 5xx.
@Suite("Hostile content")
struct HostileContentTests {
    static let web = "https://www.local.example.com"

    struct Keys: Sendable {
        let local: String
        let other: String
    }

    /// A live server with the `local` tenant (on `localhost`, with the link `spring`) and `other`.
    static func withServer(_ body: @Sendable (any TestClientProtocol, Keys) async throws -> Void) async throws {
        let service = try await TestService.make(manifests: [DeferredTenants.local, DeferredTenants.other])
        let keys = Keys(local: try await service.key(for: "local"), other: try await service.key(for: "other"))
        do {
            try await service.server.makeApplication().testLive { client in
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(keys.local),
                    body: ByteBuffer(
                        string: #"{"destination": "\#(web)/s", "slug": "spring", "social": {"title": "Spring"}}"#))
                #expect(created.status == .created)
                try await body(client, keys)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    static func json(_ value: String) -> String {
        var text = ""
        JSONNode.writeString(value, to: &text)
        return text
    }

    @Test("10 MB bodies are 413 on every call that reads a body")
    func hugeBodies() async throws {
        try await Self.withServer { client, keys in
            let huge = ByteBuffer(repeating: UInt8(ascii: "a"), count: 10 * 1_048_576)
            var console = ConsoleClient(client)
            try await console.signIn(keys.local)
            let calls: [(String, HTTPRequest.Method, HTTPFields)] = [
                ("/api/v1/links", .post, .bearer(keys.local)),
                ("/api/v1/links/spring", .patch, .bearer(keys.local)),
                ("/api/v1/deferred/claims", .post, [.contentType: "application/json"]),
                ("/v1/shortLinks?key=\(keys.local)", .post, [.contentType: "application/json"]),
                ("/admin/sign-in", .post, [.contentType: "application/x-www-form-urlencoded"]),
                (
                    "/admin/links", .post,
                    [.contentType: "application/x-www-form-urlencoded", .cookie: console.cookie ?? ""]
                ),
            ]
            for (path, method, headers) in calls {
                let response = try await client.execute(uri: path, method: method, headers: headers, body: huge)
                #expect(response.status == .contentTooLarge, "\(method) \(path): \(response.status)")
            }
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }

    @Test("100,000-deep JSON is 400 (or 413 where bodies are small), never a crash")
    func deepJSON() async throws {
        try await Self.withServer { client, keys in
            let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            let objects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
            for deep in [arrays, objects, #"{"destination": \#(arrays)}"#] {
                let calls: [(String, HTTPRequest.Method, HTTPFields)] = [
                    ("/api/v1/links", .post, .bearer(keys.local)),
                    ("/api/v1/links/spring", .patch, .bearer(keys.local)),
                    ("/api/v1/deferred/claims", .post, [.contentType: "application/json"]),
                    ("/v1/shortLinks?key=\(keys.local)", .post, [.contentType: "application/json"]),
                ]
                for (path, method, headers) in calls {
                    let response = try await client.execute(
                        uri: path, method: method, headers: headers, body: ByteBuffer(string: deep))
                    #expect(
                        response.status == .badRequest || response.status == .contentTooLarge,
                        "\(method) \(path): \(response.status)")
                }
            }
        }
    }

    @Test("wrong content types and bodies of another kind are 4xx")
    func wrongContentTypes() async throws {
        try await Self.withServer { client, keys in
            let cases: [(String, HTTPRequest.Method, String, String, String?)] = [
                ("/api/v1/links", .post, "text/plain", "destination=https://x", keys.local),
                ("/api/v1/links", .post, "application/x-www-form-urlencoded", "destination=%2Fs", keys.local),
                ("/api/v1/links", .post, "multipart/form-data; boundary=x", "--x\r\n\r\n--x--", keys.local),
                ("/api/v1/links", .post, "application/json", "\u{FEFF}{}", keys.local),
                ("/api/v1/links/spring", .patch, "application/xml", "<a/>", keys.local),
                ("/api/v1/deferred/claims", .post, "text/xml", "<token/>", nil),
                ("/api/v1/deferred/claims", .post, "application/json", #"{"token": 1}"#, nil),
                ("/api/v1/deferred/claims", .post, "application/json", #"["token"]"#, nil),
                ("/v1/shortLinks?key=\(keys.local)", .post, "text/plain", "longDynamicLink", nil),
                ("/admin/sign-in", .post, "application/json", #"{"key": "x"}"#, nil),
                ("/admin/sign-in", .post, "multipart/form-data; boundary=x", "--x--", nil),
            ]
            for (path, method, type, body, key) in cases {
                var headers: HTTPFields = [.contentType: type]
                if let key { headers[.authorization] = "Bearer \(key)" }
                let response = try await client.execute(
                    uri: path, method: method, headers: headers, body: ByteBuffer(string: body))
                #expect((400..<500).contains(response.status.code), "\(type) to \(path): \(response.status)")
            }
        }
    }

    static let scriptURLs = [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "data:text/html,<script>alert(1)</script>", "data:image/svg+xml,<svg onload=alert(1)>", "vbscript:x",
    ]

    @Test("javascript: and data: URLs are refused wherever the API takes a URL")
    func scriptURLsInTheAPI() async throws {
        try await Self.withServer { client, keys in
            for url in Self.scriptURLs {
                let value = Self.json(url)
                let bodies: [(String, String)] = [
                    ("destination", #"{"destination": \#(value)}"#),
                    ("fallbacks.ios", #"{"destination": "\#(Self.web)/a", "fallbacks": {"ios": \#(value)}}"#),
                    ("fallbacks.android", #"{"destination": "\#(Self.web)/a", "fallbacks": {"android": \#(value)}}"#),
                    ("fallbacks.desktop", #"{"destination": "\#(Self.web)/a", "fallbacks": {"desktop": \#(value)}}"#),
                    ("social.imageURL", #"{"destination": "\#(Self.web)/a", "social": {"imageURL": \#(value)}}"#),
                ]
                for (field, body) in bodies {
                    let created = try await client.execute(
                        uri: "/api/v1/links", method: .post, headers: .bearer(keys.local),
                        body: ByteBuffer(string: body))
                    #expect(created.status == .badRequest, "\(field) = \(url)")
                    #expect(created.json?[path: "field"] == field, "\(field) = \(url)")
                    let patched = try await client.execute(
                        uri: "/api/v1/links/spring", method: .patch, headers: .bearer(keys.local),
                        body: ByteBuffer(string: body))
                    #expect(patched.status == .badRequest, "PATCH \(field) = \(url)")
                }
                let encoded = PercentDecoding.encodeQueryComponent(url)
                for long in [
                    "https://localhost/?link=\(encoded)",
                    "https://localhost/?link=\(PercentDecoding.encodeQueryComponent(Self.web + "/a"))&ofl=\(encoded)",
                ] {
                    let fdl = try await client.execute(
                        uri: "/v1/shortLinks?key=\(keys.local)", method: .post,
                        headers: [.contentType: "application/json"],
                        body: ByteBuffer(string: #"{"longDynamicLink": \#(Self.json(long))}"#))
                    #expect(fdl.status == .badRequest, "FDL \(long): \(fdl.text)")
                }
                for info in [
                    #"{"domainUriPrefix": "https://localhost", "link": \#(value)}"#,
                    #"{"domainUriPrefix": "https://localhost", "link": "\#(Self.web)/a", "socialMetaTagInfo": {"socialImageLink": \#(value)}}"#,
                    #"{"domainUriPrefix": "https://localhost", "link": "\#(Self.web)/a", "iosInfo": {"iosFallbackLink": \#(value)}}"#,
                ] {
                    let fdl = try await client.execute(
                        uri: "/v1/shortLinks?key=\(keys.local)", method: .post,
                        headers: [.contentType: "application/json"],
                        body: ByteBuffer(string: #"{"dynamicLinkInfo": \#(info)}"#))
                    #expect(fdl.status == .badRequest, "FDL \(info): \(fdl.text)")
                }
                // A long link visited at the root never sends anyone to it.
                for agent in [Agents.desktop, Agents.iPhone, Agents.android, Agents.facebook] {
                    for query in [
                        "link=\(encoded)",
                        "link=\(PercentDecoding.encodeQueryComponent(Self.web + "/a"))&ofl=\(encoded)&ifl=\(encoded)&afl=\(encoded)&si=\(encoded)",
                    ] {
                        let visit = try await client.execute(
                            uri: "/?\(query)", method: .get, headers: DeferredTenants.visitor(agent))
                        #expect(visit.status.code < 500)
                        let location = visit.headers[.location]?.lowercased() ?? ""
                        #expect(!location.contains("script:") && !location.hasPrefix("data:"), "\(query): \(location)")
                        #expect(!visit.text.lowercased().contains("\"javascript:"), "\(query)")
                        #expect(!visit.text.contains("\"data:text/html"), "\(query)")
                    }
                }
            }
            let list = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(keys.local))
            #expect(list.json?["links"]?.arrayValue?.count == 1)
        }
    }

    @Test("javascript: and data: URLs in an imported CSV fail their rows")
    func scriptURLsInAnImport() async throws {
        let service = try await TestService.make(manifests: [DeferredTenants.local])
        var csv = "short_link,link,ofl,si,ifl,link_name\n"
        for (index, url) in Self.scriptURLs.enumerated() {
            let quoted = "\"" + url.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            csv += "https://localhost/j\(index),\(quoted),,,,a\n"
            csv += "https://localhost/o\(index),\(Self.web)/a,\(quoted),,,b\n"
            csv += "https://localhost/i\(index),\(Self.web)/a,,,\(quoted),c\n"
        }
        let importer = try FirebaseImport(manifest: DeferredTenants.local, store: service.store)
        let report = try await importer.run(csv: Array(csv.utf8), dryRun: false)
        #expect(report.imported == 0)
        #expect(report.failed == Self.scriptURLs.count * 3)
        #expect(try await service.store.links(tenant: "local", after: nil, limit: 10).links.isEmpty)
        await service.close()
    }

    @Test("an import report shows no terminal control characters from the file")
    func controlCharactersInAnImportReport() async throws {
        let service = try await TestService.make(manifests: [DeferredTenants.local])
        let escape = "\u{1B}[2J\u{1B}]0;pwned\u{07}\r"
        let csv =
            "short_link,link,Col\u{1B}[31m\nhttps://localhost/\(escape),\(Self.web)/a\nhttps://evil\(escape).example/x,\(Self.web)/b\n"
        let importer = try FirebaseImport(manifest: DeferredTenants.local, store: service.store)
        let report = try await importer.run(csv: Array(csv.utf8), dryRun: true)
        #expect(report.failed >= 1)
        #expect(!report.lines.isEmpty)
        for line in report.lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line.debugDescription)")
        }
        await service.close()
    }

    @Test("CR and LF in every value that reaches a header never split it")
    func crlfInHeaders() async throws {
        try await Self.withServer { client, keys in
            for crlf in ["\r\nSet-Cookie: x=1", "%0d%0aSet-Cookie:%20x=1", "\rX: y", "\nX: y", "\u{0}"] {
                let value = Self.json(Self.web + "/a" + crlf)
                for body in [
                    #"{"destination": \#(value), "slug": "c1"}"#,
                    #"{"destination": "\#(Self.web)/a", "slug": "c2", "fallbacks": {"desktop": \#(value)}}"#,
                    #"{"destination": "\#(Self.web)/a", "slug": "c3", "fallbacks": {"android": \#(value)}}"#,
                    #"{"destination": "\#(Self.web)/a", "slug": "c4\#(Self.json(crlf).dropFirst().dropLast())"}"#,
                ] {
                    let created = try await client.execute(
                        uri: "/api/v1/links", method: .post, headers: .bearer(keys.local),
                        body: ByteBuffer(string: body))
                    #expect(created.status.code < 500)
                    #expect(created.headers[.setCookie] == nil)
                    #expect(created.headers[.location].map { !$0.contains("\r") && !$0.contains("\n") } ?? true)
                }
                for slug in ["c1", "c2", "c3"] {
                    for agent in [Agents.desktop, Agents.android] {
                        let visit = try await client.execute(
                            uri: "/\(slug)", method: .get, headers: DeferredTenants.visitor(agent))
                        #expect(visit.status.code < 500)
                        #expect(visit.headers[.setCookie] == nil, "\(slug): \(crlf.debugDescription)")
                        #expect(visit.headers[HTTPField.Name("X")!] == nil)
                        if let location = visit.headers[.location] {
                            #expect(!location.contains("\r") && !location.contains("\n") && !location.contains("\u{0}"))
                        }
                    }
                    _ = try await client.execute(
                        uri: "/api/v1/links/\(slug)", method: .delete, headers: .bearer(keys.local))
                }
                let encoded = PercentDecoding.encodeQueryComponent(Self.web + "/a" + crlf)
                let long = try await client.execute(
                    uri: "/?link=\(encoded)&ofl=\(encoded)", method: .get,
                    headers: DeferredTenants.visitor(Agents.desktop))
                #expect(long.status.code < 500)
                #expect(long.headers[.setCookie] == nil)
                #expect(long.headers[.location].map { !$0.contains("\r") && !$0.contains("\n") } ?? true)
                // The console's Origin and forwarded headers reach only comparisons.
                let signIn = try await client.execute(
                    uri: "/admin/sign-in", method: .post,
                    headers: [
                        .contentType: "application/x-www-form-urlencoded", .origin: "http://localhost",
                        HTTPField.Name("X-Forwarded-Host")!: "localhost", HTTPField.Name("X-Forwarded-Proto")!: "https",
                    ],
                    body: ByteBuffer(string: "key=" + PercentDecoding.encodeQueryComponent(keys.local + crlf)))
                #expect(signIn.status.code < 500)
                #expect(signIn.headers[.setCookie].map { !$0.contains("\r") && !$0.contains("\n") } ?? true)
            }
        }
    }

    static let markup = #"</style></script><script>alert(1)</script>"'><img src=x onerror=alert(1)>{{x}}&amp;"#

    @Test("markup in every field that reaches a page is escaped: preview, crawler page, debug page, console")
    func markupInPages() async throws {
        try await Self.withServer { client, keys in
            let text = Self.json(Self.markup)
            let query = PercentDecoding.encodeQueryComponent(Self.markup)
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(keys.local),
                body: ByteBuffer(
                    string:
                        #"{"destination": "\#(Self.web)/a?q=\#(query)", "slug": "mark", "social": {"title": \#(text), "description": \#(text), "imageURL": "https://cdn.local.example.com/i.png?\#(query)"}, "utm": {"source": \#(text), "campaign": \#(text)}}"#
                ))
            #expect(created.status == .created, "\(created.text)")
            var pages: [(String, TestResponse)] = []
            for agent in [Agents.iPhone, Agents.facebook, Agents.desktop] {
                pages.append(
                    (
                        "/mark \(agent.prefix(20))",
                        try await client.execute(uri: "/mark", method: .get, headers: DeferredTenants.visitor(agent))
                    ))
                pages.append(
                    (
                        "/mark?d=1",
                        try await client.execute(
                            uri: "/mark?d=1", method: .get, headers: DeferredTenants.visitor(agent))
                    ))
            }
            let longQuery =
                "link=\(PercentDecoding.encodeQueryComponent(Self.web + "/b?x=" + Self.markup))&st=\(query)&sd=\(query)"
            for path in ["/?\(longQuery)", "/?\(longQuery)&d=1", "/item/\(query)", "/item/\(query)?d=1"] {
                pages.append(
                    (
                        path,
                        try await client.execute(
                            uri: path, method: .get, headers: DeferredTenants.visitor(Agents.iPhone))
                    ))
            }
            var console = ConsoleClient(client)
            try await console.signIn(keys.local)
            for path in [
                "/admin/links", "/admin/links?q=\(query)", "/admin/links/mark", "/admin/links/mark/edit",
                "/admin/links/mark/delete", "/admin/links/\(query)",
            ] {
                pages.append((path, try await console.get(path)))
            }
            let csrf = try await console.csrf()
            pages.append(
                (
                    "console form error",
                    try await console.post(
                        "/admin/links", ["destination": Self.markup, "slug": Self.markup, "title": Self.markup],
                        csrf: csrf)
                ))
            for (what, page) in pages {
                #expect(page.status.code < 500, "\(what)")
                guard page.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                #expect(!page.text.contains("<script>alert(1)"), "\(what)")
                #expect(!page.text.contains("<img src=x"), "\(what)")
                #expect(!page.text.contains("</style></script>"), "\(what)")
                #expect(!page.text.contains("\"'><"), "\(what)")
            }
        }
    }

    @Test(
        "another tenant's key reaches nothing: link calls, stats, QR, FDL, claims and the console are 404 (FDL: 400), nothing changes"
    )
    func anotherTenantsKey() async throws {
        try await Self.withServer { client, keys in
            let other = HTTPFields.bearer(keys.other)
            for (path, method, body) in [
                ("/api/v1/links/spring", HTTPRequest.Method.get, nil), ("/api/v1/links/spring/stats", .get, nil),
                ("/api/v1/links/spring/qr", .get, nil), ("/api/v1/links/spring/qr?format=png&size=300", .get, nil),
                ("/api/v1/links/spring", .patch, #"{"destination": "https://www.other.example.com/"}"#),
                ("/api/v1/links/spring", .delete, nil),
            ] as [(String, HTTPRequest.Method, String?)] {
                let response = try await client.execute(
                    uri: path, method: method, headers: other, body: body.map { ByteBuffer(string: $0) })
                #expect(response.status == .notFound, "\(method) \(path)")
            }
            // FDL on this tenant's domain with the other tenant's key: FDL's "API key not valid".
            let fdl = try await client.execute(
                uri: "/v1/shortLinks?key=\(keys.other)", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(
                    string:
                        #"{"longDynamicLink": "https://localhost/?link=\#(PercentDecoding.encodeQueryComponent(Self.web + "/x"))"}"#
                ))
            #expect(fdl.status == .badRequest)
            // A claim token of this tenant, claimed on the other's domain: 404, and still claimable here.
            let app = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(keys.local),
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/42", "slug": "app"}"#))
            #expect(app.status == .created)
            let token = try #require(try await DeferredTenants.androidToken("app", via: client))
            #expect(try await DeferredTenants.claim(token, host: "other.example.com", via: client).status == .notFound)
            // The console signed in with the other key.
            var console = ConsoleClient(client)
            try await console.signIn(keys.other)
            for path in [
                "/admin/links/spring", "/admin/links/spring/edit", "/admin/links/spring/delete",
                "/admin/links/spring/qr?format=svg",
            ] {
                #expect(try await console.get(path).status == .notFound, "\(path)")
            }
            let csrf = try await console.csrf()
            #expect(try await console.post("/admin/links/spring/delete", [:], csrf: csrf).status == .notFound)
            #expect(
                try await console.post(
                    "/admin/links/spring", ["destination": "https://www.other.example.com/"], csrf: csrf
                )
                .status == .notFound)
            #expect(!(try await console.get("/admin/links?q=spring")).text.contains("/admin/links/spring\""))

            let unchanged = try await client.execute(
                uri: "/api/v1/links/spring", method: .get, headers: .bearer(keys.local))
            #expect(unchanged.json?[path: "destination"] == Self.web + "/s")
            #expect(try await DeferredTenants.claim(token, via: client).status == .ok)
            let list = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(keys.local))
            #expect(list.json?["links"]?.arrayValue?.count == 2)
        }
    }

    @Test("empty and malformed credentials are 401 on every keyed call")
    func brokenCredentials() async throws {
        try await Self.withServer { client, keys in
            let values = [
                "", "Bearer", "Bearer ", "Bearer  ", "bearer \(keys.local)x", "Basic dXNlcjpwYXNz", "Bearer wf_",
                "Bearer \(keys.local.dropLast())", "Bearer \(keys.local)\u{00e9}", "Bearer \(keys.local) \(keys.local)",
                "Bearer " + String(repeating: "k", count: 8000), "Bearer \u{1F600}", "Token \(keys.local)",
                "Bearer %00", "Bearer " + keys.local.uppercased(),
            ]
            for value in values {
                for (path, method) in [
                    ("/api/v1/links", HTTPRequest.Method.get), ("/api/v1/links/spring", .get),
                    ("/api/v1/links/spring/stats", .get), ("/api/v1/links/spring/qr", .get),
                    ("/api/v1/links", .post), ("/api/v1/links/spring", .delete),
                ] {
                    var headers: HTTPFields = [.contentType: "application/json"]
                    if !value.isEmpty { headers[.authorization] = value }
                    let response = try await client.execute(
                        uri: path, method: method, headers: headers, body: ByteBuffer(string: "{}"))
                    #expect(
                        response.status == .unauthorized, "\(method) \(path) with \(value.prefix(40).debugDescription)")
                    #expect(response.headers[.wwwAuthenticate] == "Bearer")
                }
            }
            // FDL: no key is FDL's 403, a wrong one its 400; the console's sign-in a 401 page.
            for key in ["", "x", String(repeating: "k", count: 4000), "%00"] {
                let fdl = try await client.execute(
                    uri: "/v1/shortLinks?key=\(key)", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: "{}"))
                #expect(fdl.status == (key.isEmpty ? .forbidden : .badRequest), "FDL key \(key.prefix(10))")
                var console = ConsoleClient(client)
                let signIn = try await console.signIn(key)
                #expect(signIn.status == .unauthorized, "console key \(key.prefix(10))")
                #expect(console.cookie == nil)
            }
            #expect(
                try await client.execute(uri: "/api/v1/links/spring", method: .get, headers: .bearer(keys.local)).status
                    == .ok)
        }
    }
}
