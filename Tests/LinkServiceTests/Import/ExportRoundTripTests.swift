import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

@Suite("Export: streamed, and `import csv` gives back the same links")
struct ExportRoundTripTests {
    /// A deterministic generator (SplitMix64), so a failing seed can be run again.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A create body of the Acme tenant with settings drawn by `random`: text with commas, quotes
    /// and line breaks, rules, variants, tags, UTM fields, fallbacks, a social card, an expiry (in
    /// whole seconds: SQLite keeps milliseconds as a number, which a `Date` does not always read
    /// back to the same bits).
    static func body(_ index: Int, _ random: inout Generator) -> String {
        func maybe(_ text: String) -> String? { Bool.random(using: &random) ? text : nil }
        let texts = ["plain", "a, b", "say \"hi\"", "two\nlines", " padded ", "Café ☕", "=1+2"]
        let destinations = [
            "https://acme.example/story/\(index)", "https://www.acme.example/read/\(index)", "acme://story/\(index)",
            "https://acme.example/topic/\(index)",
        ]
        var members = [
            #""slug": "s\#(index)-\#(Int.random(in: 0..<1000, using: &random))""#,
            #""domain": "\#(["acme.example", "go.acme.example"].randomElement(using: &random)!)""#,
            #""destination": "\#(destinations.randomElement(using: &random)!)""#,
        ]
        func json(_ text: String) -> String {
            JSONNode(.string(text)).jsonText(style: .compact)
        }
        if let title = maybe(texts.randomElement(using: &random)!) {
            members.append(
                #""social": {"title": \#(json(title)), "imageURL": "https://cdn.acme.example/\#(index).png"}"#)
        }
        if let desktop = maybe("https://www.acme.example/desk/\(index)") {
            members.append(#""fallbacks": {"desktop": "\#(desktop)", "ios": "https://www.acme.example/ios"}"#)
        }
        if Bool.random(using: &random) { members.append(#""skipPreview": true"#) }
        if let campaign = maybe(texts.randomElement(using: &random)!) {
            members.append(#""utm": {"source": "news", "campaign": \#(json(campaign))}"#)
        }
        if Bool.random(using: &random) {
            let days = Int.random(in: 30...3000, using: &random)
            members.append(
                #""expiresAt": "\#(ISO8601.string(from: Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + Double(days) * 86_400).rounded())))""#
            )
            members.append(#""expiredURL": "https://www.acme.example/over""#)
        }
        if Bool.random(using: &random) {
            members.append(
                #""rules": [{"name": \#(json(texts.randomElement(using: &random)!)), "when": [{"device": "android"}], "destination": "https://acme.example/story/9"}, {"when": [{"query": "ref", "equals": "mail"}], "fallbacks": {"desktop": "https://www.acme.example/mail"}}]"#
            )
        }
        if Bool.random(using: &random) {
            members.append(
                #""variants": [{"destination": "https://acme.example/story/1", "weight": 30}, {"destination": "https://acme.example/story/2", "weight": 70}]"#
            )
        }
        let tags = ["spring", "mail", "ads", "Q3_2026"].filter { _ in Bool.random(using: &random) }
        if !tags.isEmpty { members.append(#""tags": [\#(tags.map(json).joined(separator: ", "))]"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// Links made through the API's own creator (so they are links the API accepts), some with
    /// imported click totals.
    static func generatedLinks(count: Int, seed: UInt64, into store: any LinkStore) async throws -> [Link] {
        var random = Generator(state: seed)
        let tenant = try Tenant.make(from: try FirebaseFixture.manifest())
        var links: [Link] = []
        for index in 0..<count {
            let request = try LinkRequest(body: Array(body(index, &random).utf8))
            guard case .created(var link) = try await LinkCreator(store: store).create(request, for: tenant) else {
                Issue.record("link \(index) was not created")
                continue
            }
            if Bool.random(using: &random) {
                link.importedClicks = Int.random(in: 1...100_000, using: &random)
                _ = try await store.updateLink(link)
            }
            links.append(link)
        }
        return links
    }

    @Test("export → import csv into an empty database gives back the same links", arguments: [1, 2, 3] as [UInt64])
    func roundTrip(seed: UInt64) async throws {
        let source = MemoryLinkStore()
        let links = try await Self.generatedLinks(count: 120, seed: seed, into: source)
        var export = LinkExport(store: source, tenant: "acme", request: ExportRequest(what: .links))
        export.pageSize = 7
        var text = ""
        var pieces = 0
        try await export.run { piece in
            text += piece
            pieces += 1
        }
        // A header, then a page at a time: streamed, not written in one piece.
        #expect(pieces == 1 + (120 + 6) / 7)
        #expect(!text.contains("passwordHash") && !text.contains("$argon2") && !text.contains("$scrypt"))

        try await TemporaryDirectory.with { directory in
            let path = directory.path("links.csv")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let target = try await SQLiteLinkStore.open(path: directory.path("target.sqlite"))
            let importer = try LinkImport(
                manifest: try FirebaseFixture.manifest(), store: target, format: WayfinderCSVFormat())
            let report = try await importer.run(.file(path), dryRun: false)
            #expect(report.failures.isEmpty, "\(report.lines.prefix(5))")
            #expect(report.imported == links.count)
            for link in links {
                let back = try #require(try await target.link(tenant: "acme", slug: link.slug))
                #expect(back.domain == link.domain)
                #expect(back.content == link.content, "\(link.slug)")
                #expect(back.importedClicks == link.importedClicks)
            }
            let again = try await importer.run(.file(path), dryRun: false)
            #expect(again.alreadyPresent == links.count)
            try await target.close()
        }
    }

    @Test("a password hash never leaves: a protected link exports as the rest of its settings")
    func noPasswordHash() async throws {
        let store = MemoryLinkStore()
        let tenant = try Tenant.make(from: try FirebaseFixture.manifest())
        let request = try LinkRequest(
            body: Array(
                #"{"slug": "locked", "destination": "https://acme.example/story/1", "password": "correct horse"}"#.utf8)
        )
        _ = try await LinkCreator(store: store).create(request, for: tenant)
        let hash = try #require(try await store.link(tenant: "acme", slug: "locked")?.content.passwordHash)
        for format in ExportRequest.Format.allCases {
            var text = ""
            try await LinkExport(store: store, tenant: "acme", request: ExportRequest(what: .links, format: format)).run
            {
                text += $0
            }
            #expect(text.contains("locked"))
            #expect(!text.contains(hash))
            #expect(!text.contains("correct horse"))
        }
    }

    @Test("GET /api/v1/export/links streams CSV or JSON Lines for the key's tenant; another what is a 400")
    func endpoint() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for slug in ["one", "two"] {
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(
                        string:
                            #"{"destination": "https://www.stories.example.com/featured", "slug": "\#(slug)", "tags": ["x"]}"#
                    ))
                #expect(created.status == .created)
            }
            let csv = try await client.execute(uri: "/api/v1/export/links", method: .get, headers: .bearer(key))
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.first == "id,domain,slug,destination,tags,createdAt,importedClicks,link")
            #expect(lines.count == 3)
            let jsonl = try await client.execute(
                uri: "/api/v1/export/links?format=jsonl", method: .get, headers: .bearer(key))
            #expect(jsonl.headers[.contentType] == "application/jsonl; charset=utf-8")
            let objects = jsonl.text.split(separator: "\n").compactMap { try? JSONParser().parse(Array($0.utf8)) }
            #expect(objects.map { $0["slug"]?.stringValue } == ["one", "two"])
            #expect(objects.first?["importedClicks"]?.value == .number("0"))
            let future = try await client.execute(
                uri: "/api/v1/export/links?since=2999-01-01T00:00:00Z", method: .get, headers: .bearer(key))
            #expect(future.text.split(separator: "\r\n").count == 1)
            let refused = try await client.execute(
                uri: "/api/v1/export/everything", method: .get, headers: .bearer(key))
            #expect(refused.status == .badRequest)
            #expect(refused.json?[path: "detail"]?.contains("links, clicks, events, audit") == true)
            let badFormat = try await client.execute(
                uri: "/api/v1/export/links?format=xml", method: .get, headers: .bearer(key))
            #expect(badFormat.status == .badRequest)
            let anonymous = try await client.execute(uri: "/api/v1/export/links", method: .get)
            #expect(anonymous.status == .unauthorized)
        }
        await service.close()
    }
}
