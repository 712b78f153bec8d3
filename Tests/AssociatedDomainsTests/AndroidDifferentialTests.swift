import AssociatedDomains
import DeepLinkRouting
import Testing

/// Seeded rule lists and URLs over the areas where a reading of Google's documentation and
/// Android's code part ways: `"?"` entries against single parameters (repeated keys, keys without
/// `=`, `+`, encoded `&`, `=`, `;`), absent versus empty query and fragment, empty rule lists and
/// rules without keys, empty path patterns, `.` and `\` in patterns, user info, invalid escapes,
/// non-boolean `exclude` and other non-string values, keys written twice.
struct AndroidCaseGenerator {
    var random: ParitySampler
    static let domain = "example.com"
    static let package = "com.x.app"

    init(seed: UInt64) { random = ParitySampler(state: seed) }

    static let paths = [
        "", "/", "*", "**", "?*", "/*", "/a", "/a/", "/a/*", "/a/?*", "/a/*/c", "/a*b", "/*.html", "/index.html",
        "/a.b", "*?", "/a/*?", "/caf\u{E9}", "/a b", "/a+b", "/a%20b", "/a&b", "a", #"/a\b"#, #"/a\"#, #"/*\b"#,
        "/\u{1F600}", "/?", "/??", "/*/?*",
    ]
    static let fragments = ["", "*", "?*", "top", "a/b", "t*p", "a b", ".", "?"]
    static let names = ["q", "q", "dl", "a b", "a+b", "k.x", "*", "", "q?", "a&b", "a=b", "x;y", #"k\x"#]
    static let values = ["*", "?*", "1", "", "a b", "a+b", "a&b", "a=b", "x;y", "1*", "*1", "\u{E9}", "%41", "2"]
    static let excludes = [
        "true", "true", "true", "true", "false", #""true""#, #""TRUE""#, #""False""#, #""yes""#, "{}", #"["true"]"#,
        "1", "null",
    ]

    mutating func chance(_ percent: Int) -> Bool { random.next(100) < percent }

    static func quote(_ text: String) -> String { JSONNode(.string(text)).jsonText(style: .compact) }

    mutating func rule() -> String {
        if chance(2) { return random.pick([#""x""#, #"["/a"]"#]) }
        var members: [String] = []
        if chance(70) {
            let value =
                chance(4) ? random.pick(["true", #"["/a"]"#, #"{"x":"/"}"#]) : Self.quote(random.pick(Self.paths))
            members.append(#""/": "# + value)
        }
        if chance(30) {
            if chance(8) {
                members.append(#""?": "# + random.pick([#""q=1""#, #"["q"]"#, "{}"]))
            } else {
                let items = (0..<(1 + random.next(2))).map { _ in
                    Self.quote(random.pick(Self.names)) + ": "
                        + (chance(4) ? "true" : Self.quote(random.pick(Self.values)))
                }
                members.append(#""?": {"# + items.joined(separator: ", ") + "}")
            }
        }
        if chance(20) { members.append(##""#": "## + Self.quote(random.pick(Self.fragments))) }
        // A key written twice: Android keeps the last.
        if chance(3) { members.append(#""/": "# + Self.quote(random.pick(Self.paths))) }
        if chance(45) { members.append(#""exclude": "# + random.pick(Self.excludes)) }
        if chance(10) { members.append(#""comments": "# + (chance(10) ? "5" : #""x""#)) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static let fingerprint = ParityManifests.fingerprint

    static func statement(package: String, rules: String?) -> String {
        let extensions = rules.map {
            #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": "#
                + $0 + "}}"
        }
        return
            #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": ""#
            + package + #"", "sha256_cert_fingerprints": [""# + fingerprint + #""]}"# + (extensions ?? "") + "}"
    }

    /// An assetlinks.json: usually one statement for the package with 0–4 rules; sometimes no
    /// list, a list that is not an array, another package first, or a second statement for it.
    mutating func file() -> String {
        var statements: [String] = []
        if chance(10) { statements.append(Self.statement(package: "com.other.app", rules: "[" + rule() + "]")) }
        let rules: String?
        switch random.next(20) {
        case 0: rules = nil
        case 1: rules = #""not a list""#
        case 2: rules = "[]"
        default: rules = "[" + (0..<(1 + random.next(4))).map { _ in rule() }.joined(separator: ", ") + "]"
        }
        statements.append(Self.statement(package: Self.package, rules: rules))
        if chance(8) { statements.append(Self.statement(package: Self.package, rules: "[" + rule() + "]")) }
        return "[" + statements.joined(separator: ", ") + "]"
    }

    static let urlPaths = [
        "", "/", "/a", "/a/", "/a/b", "/a/b/c", "/a/b/x/c", "/index.html", "/indexXhtml", "/x.html", "/axbyb", "/ab",
        "/caf%C3%A9", "/caf\u{E9}", "/a%2Fb", "/%zz", "/%4z", "/%", "/%4", "/a%20b", "/a+b", "/a b", #"/a\b"#,
        "/%E2%82", "/%FF", "/a.b", "/a&b", "/\u{1F600}", "/%F0%9F%98%80", "/.", "/a/.html", "/a%5Cb", "/a/x/b",
    ]
    static let queries: [String?] = [
        nil, nil, "", "q=1", "q=1&q=2", "q=2&q=1", "q", "q=", "dl=1&", "&", "&&", "&q=1", "q=a+b", "q=a%2Bb",
        "q=a%26b", "q=a%3Db", "q=a;dl=1", "q=1;q=2&x", "a%20b=1", "a+b=1", "q=%C3%A9", "q=%E9", "q=%zz", "k.x=1",
        "kXx=1", "q=a b", "dl=1&q=", "=1", "q=*", "q=a=b", "x;y=1", "q=1;", "q%3D1", "*=1",
    ]
    static let urlFragments: [String?] = [nil, nil, nil, "", "top", "a/b", "%20", "t%zz", "?x", "#", "tXp"]

    mutating func url() -> String {
        let scheme = random.pick(["https", "https", "https", "https", "http", "HTTPS", "ftp"])
        let userInfo = chance(85) ? "" : random.pick(["user@", "u:p@", "a%40b@", "x@other.com@"])
        let host = chance(90) ? Self.domain : random.pick(["EXAMPLE.com", "other.com", "example.com.evil.com"])
        let port = chance(92) ? "" : random.pick([":443", ":8080"])
        var url = scheme + "://" + userInfo + host + port + random.pick(Self.urlPaths)
        var query = random.pick(Self.queries)
        if query == nil && chance(30) {
            let items = (0..<(1 + random.next(3))).map { _ in
                random.pick(Self.names.filter { !$0.isEmpty }) + "=" + random.pick(Self.values)
            }
            query = items.joined(separator: chance(80) ? "&" : ";")
        }
        if let query { url += "?" + query }
        if let fragment = random.pick(Self.urlFragments) { url += "#" + fragment }
        return url
    }
}

@Suite("assetlinks decide agrees with a port of Android's own matching code")
struct AndroidDifferentialTests {
    static let lists = 1_200
    static let urlsPerList = 10

    /// Every generated (file, url) pair, reproducibly.
    static func pairs() -> [(file: String, urls: [String])] {
        var generator = AndroidCaseGenerator(seed: 29)
        return (0..<lists).map { _ in
            let file = generator.file()
            return (file, (0..<urlsPerList).map { _ in generator.url() })
        }
    }

    @Test("over 12,000 generated rule lists and URLs, assetlinks decide and the AOSP oracle never disagree")
    func noDisagreements() throws {
        var compared = 0
        var disagreements: [String] = []
        var decisions: [AASADecision: Int] = [:]
        for (file, urls) in Self.pairs() {
            let compiled = try CompiledAssetLinks(json: Array(file.utf8), domain: AndroidCaseGenerator.domain)
            let oracle = AOSPStatementService.Device(file: file, package: AndroidCaseGenerator.package)
            for url in urls {
                let production = compiled.decide(package: AndroidCaseGenerator.package, url: url)
                let device = oracle.decide(domain: AndroidCaseGenerator.domain, url: url)
                compared += 1
                decisions[device, default: 0] += 1
                if production != device && disagreements.count < 20 {
                    disagreements.append("\(url) with \(file): assetlinks decide \(production), Android \(device)")
                }
            }
        }
        #expect(compared >= 10_000)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Every outcome must be well represented, or agreement proves little.
        #expect(decisions[.match, default: 0] > 1_000, "\(decisions)")
        #expect(decisions[.exclude, default: 0] > 200, "\(decisions)")
        #expect(decisions[.noMatch, default: 0] > 1_000, "\(decisions)")
    }

    @Test(
        "an empty path pattern with a query, and a URL with user info, match as Android's own matcher decides",
        arguments: [
            (#"[{"/": ""}]"#, "https://example.com?x=1"),
            (#"[{"/": ""}]"#, "https://example.com"),
            (#"[{"/": "/a"}]"#, "https://user@example.com/a"),
            (#"[{"/": "/a"}]"#, "https://u:p@example.com/a?q=1"),
        ])
    func edgeCasesLeftFromTheAndroidWork(rules: String, url: String) throws {
        let file = "[" + AndroidCaseGenerator.statement(package: AndroidCaseGenerator.package, rules: rules) + "]"
        let compiled = try CompiledAssetLinks(json: Array(file.utf8), domain: AndroidCaseGenerator.domain)
        let oracle = AOSPStatementService.Device(file: file, package: AndroidCaseGenerator.package)
        let device = oracle.decide(domain: AndroidCaseGenerator.domain, url: url)
        #expect(device == .match)
        #expect(compiled.decide(package: AndroidCaseGenerator.package, url: url) == device)
    }

    @Test(
        "the unpublished JSON-to-filter step: the other readings differ only on `\\` in patterns and glob characters in query names"
    )
    func readings() throws {
        var differing: [AOSPStatementService.Reading: Int] = [:]
        for (file, urls) in Self.pairs() {
            let devices = AOSPStatementService.Reading.all.map {
                ($0, AOSPStatementService.Device(file: file, package: AndroidCaseGenerator.package, reading: $0))
            }
            for url in urls {
                let assumed = devices[0].1.decide(domain: AndroidCaseGenerator.domain, url: url)
                for (reading, device) in devices.dropFirst() {
                    let other = device.decide(domain: AndroidCaseGenerator.domain, url: url)
                    guard other != assumed else { continue }
                    differing[reading, default: 0] += 1
                    switch reading.spelling {
                    case .plain: #expect(file.contains(#"\\"#), "\(reading): \(url) with \(file)")
                    case .escaped:
                        let globName = ["\"*\"", "\"q?\"", "\"k.x\"", #""k\\x""#].contains { file.contains($0 + ": ") }
                        #expect(globName, "\(reading): \(url) with \(file)")
                    }
                }
            }
        }
        // The generator reaches both places where the readings part, so the test above would see a
        // reading change.
        #expect(differing.count == 2, "\(differing)")
    }
}
