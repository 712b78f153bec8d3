import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

/// Manifests that exercise every shape the rule list has, for the parity property.
enum ParityManifests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func manifest(_ id: String, routes: String, exclude: [String], domains: [String], shortLinks: Bool)
        -> Manifest
    {
        let text = """
            {"id": "\(id)", "ios": {"appIDs": ["ABCDE12345.com.example.\(id)"]},
             "android": {"package": "com.example.\(id)", "sha256CertFingerprints": ["\(fingerprint)"]},
             "domains": [\(domains.map { "\"\($0)\"" }.joined(separator: ", "))],
             "routes": [\(routes)],
             "exclude": [\(exclude.map { "\"\($0)\"" }.joined(separator: ", "))],
             "shortLinksOpenApp": \(shortLinks)}
            """
        let decoded = Manifest.decode(Array(text.utf8))
        guard let manifest = decoded.manifest else {
            fatalError("test manifest \(id) is invalid: \(decoded.diagnostics)")
        }
        return manifest
    }

    static let all: [Manifest] = [
        manifest(
            "shop",
            routes: """
                {"name": "product", "paths": ["/p/{productId}", "/product/{productId}/reviews/{reviewId?}"]},
                {"name": "files", "paths": ["/files/{path*}"]},
                {"name": "search", "paths": ["/search"], "query": {"q": "required", "page": "optional"}},
                {"name": "cart", "paths": ["/cart"]},
                {"name": "offer", "paths": ["/offer/{offerId}/claim"], "query": {"code": "required", "ref": "required"}}
                """,
            exclude: ["/p/internal", "/help/*", "/files/private/*"],
            domains: ["shop.example.com", "www.shop.example.com"],
            shortLinks: true),
        manifest(
            "news",
            routes: """
                {"name": "home", "paths": ["/"]},
                {"name": "article", "paths": ["/news/{year:int}/{slug}"]},
                {"name": "section", "paths": ["/news/{section?}"]},
                {"name": "live", "paths": ["/live/{rest*}"], "query": {"t": "optional"}}
                """,
            exclude: ["/news/archive/*", "/live/admin"],
            domains: ["news.example.com", "m.news.example.com", "example.org"],
            shortLinks: false),
        manifest(
            "chat",
            routes: """
                {"name": "room", "paths": ["/{roomId}"]},
                {"name": "profile", "paths": ["/u/{username}"], "query": {"tab": "optional"}}
                """,
            exclude: ["/about", "/about/*", "/legal/*"], domains: ["chat.example.com"], shortLinks: true),
    ]
}

/// Sampled URLs for a manifest: route URLs with and without their query items, excluded URLs,
/// URLs deeper than a route, unknown paths, fragments, other hosts — and a seeded random walk
/// over the same pieces.
struct ParitySampler {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        // SplitMix64: reproducible across runs and platforms.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    mutating func urls(for manifest: Manifest, count: Int) -> [String] {
        var paths: [String] = []
        for route in manifest.routes {
            for pattern in route.paths {
                for path in RouteSamples.paths(pattern) {
                    paths.append(path)
                    paths.append(path == "/" ? "/x" : path + "/deeper")
                    paths.append(path == "/" ? "/x/y" : path + "/a/b")
                }
            }
        }
        for exclude in manifest.exclude {
            paths.append(exclude.text.replacingOccurrences(of: "*", with: "x"))
            paths.append(exclude.text.replacingOccurrences(of: "*", with: "x/y"))
            paths.append(exclude.text.replacingOccurrences(of: "/*", with: ""))
        }
        paths += ["/", "", "/unknown", "/a/b/c", "/P/1", "/search/x", "/u", "/u/x/y", "/x.y~z_", "/news/2024"]
        // A parameter value with a slash in it, before a literal: iOS's `*` backtracks over the
        // slash, Android's stops at it (outside the property, see `starsAgree`).
        paths += ["/story/a/b/page/x", "/product/a/b/reviews", "/offer/a/b/claim", "/news/a/b/c/d"]
        let names = manifest.routes.flatMap { $0.query.map(\.name) } + ["other"]
        let values = ["v1", "", "a=b", "ZZ"]
        let fragments = [nil, "", "top", "a/b"]
        var urls: [String] = []
        for domain in manifest.domains {
            for path in paths {
                urls.append("https://\(domain)\(path)")
                let required = names.map { "\($0)=v1" }.joined(separator: "&")
                urls.append("https://\(domain)\(path)?\(required)")
                urls.append("https://\(domain)\(path)?\(required)#frag")
            }
        }
        while urls.count < count {
            var path = pick(paths)
            if next(4) == 0 {
                let segments = (0..<(1 + next(3))).map { _ in
                    String((0..<(1 + next(4))).map { _ in pick(Array("abcXYZ019-_.~")) })
                }
                path = "/" + segments.joined(separator: "/")
            }
            var url =
                "\(pick(["https", "https", "https", "http"]))://\(pick(manifest.domains + ["other.example.net"]))\(path)"
            if next(2) == 0 {
                var used: Set<String> = []
                var items: [String] = []
                for _ in 0..<(1 + next(3)) {
                    let name = pick(names)
                    // A repeated name is outside the property (see `isComparable`); keep the
                    // sample useful by not repeating here.
                    guard used.insert(name).inserted else { continue }
                    let value = pick(values)
                    items.append(next(5) == 0 && value.isEmpty ? name : "\(name)=\(value)")
                }
                url += "?" + items.joined(separator: "&")
            }
            if let fragment = pick(fragments) { url += "#" + fragment }
            urls.append(url)
        }
        return urls
    }

    /// Whether a URL is inside the parity property. Outside it, Android's matching differs from
    /// iOS's (Documentation/AssociatedDomains.md, "Android and iOS differences"): percent-escapes
    /// and `+` (Android compares decoded text, splits a decoded `&`, keeps `+`), non-ASCII text
    /// (iOS compares the text as written, so an unencoded IRI and its encoded pattern differ), a
    /// trailing slash or `//` in the path (iOS ignores them, Android compares the whole path), and a
    /// repeated query item name (iOS tests every occurrence, Android accepts any).
    static func isComparable(_ url: String) -> Bool {
        guard !url.contains("%"), !url.contains("+"), url.unicodeScalars.allSatisfy(\.isASCII) else { return false }
        guard let schemeEnd = url.range(of: "://") else { return false }
        let afterAuthority = url[schemeEnd.upperBound...].drop { $0 != "/" && $0 != "?" && $0 != "#" }
        let path = afterAuthority.prefix { $0 != "?" && $0 != "#" }
        if path.count > 1 && path.hasSuffix("/") { return false }
        if path.contains("//") { return false }
        if let question = afterAuthority.firstIndex(of: "?") {
            let query = afterAuthority[afterAuthority.index(after: question)...].prefix { $0 != "#" }
            let names = query.split(separator: "&").map {
                $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            }
            if Set(names).count != names.count { return false }
        }
        return true
    }

    /// The URL's path as the rules compare it (`/` when empty).
    static func path(of url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return "/" }
        let afterAuthority = url[schemeEnd.upperBound...].drop { $0 != "/" && $0 != "?" && $0 != "#" }
        let path = String(afterAuthority.prefix { $0 != "?" && $0 != "#" })
        return path.isEmpty ? "/" : path
    }

    /// Whether Android's glob (non-backtracking `*`, `.` any character) and iOS's agree on this
    /// URL's path for every rule of the file. Where they do not (a `*` or `?*` before a literal, and a path
    /// whose text for that star holds the literal: `/story/a/b/page/x` against
    /// `/story/?*/page/?*`), Android's documented matching differs from iOS's and the URL is
    /// outside the property.
    static func starsAgree(_ url: String, rules: [AssetLinks.DynamicRule]) -> Bool {
        let path = self.path(of: url)
        return rules.compactMap(\.path).allSatisfy {
            WildcardPattern($0).matches(path) == AndroidGlob.matches($0, path)
        }
    }
}

@Suite("iOS and Android decide the same URLs the same way")
struct PlatformParityTests {
    @Test("the AASA and assetlinks.json generated from one manifest agree on every sampled URL")
    func parity() throws {
        var compared = 0
        var decisions: [AASADecision: Int] = [:]
        let manifests = ParityManifests.all + Examples.manifests.filter { $0.ios != nil && $0.android != nil }
        for (index, manifest) in manifests.enumerated() {
            let aasa = AASAGenerator.generate(manifest)
            let assetLinks = AssetLinksGenerator.generate(manifest)
            let appID = try #require(manifest.ios?.appIDs.first).description
            let package = try #require(manifest.android?.package)
            var sampler = ParitySampler(state: UInt64(index + 1))
            for domain in manifest.domains {
                let ios = CompiledAASA(aasa, domain: domain)
                let android = CompiledAssetLinks(assetLinks, domain: domain)
                let rules = assetLinks.statements.first?.dynamicRules ?? []
                for url in sampler.urls(for: manifest, count: 1500)
                where ParitySampler.isComparable(url) && ParitySampler.starsAgree(url, rules: rules) {
                    let iosDecision = ios.decide(appID: appID, url: url)
                    let androidDecision = android.decide(package: package, url: url)
                    #expect(
                        iosDecision == androidDecision,
                        "\(manifest.id) \(url): iOS \(iosDecision) (\(ios.explain(appID: appID, url: url).summary)), Android \(androidDecision) (\(android.explain(package: package, url: url).summary))"
                    )
                    compared += 1
                    decisions[iosDecision, default: 0] += 1
                }
            }
        }
        // The samples must exercise every decision, or the property proves little.
        #expect(compared > 5000)
        #expect(decisions[.match, default: 0] > 500)
        #expect(decisions[.exclude, default: 0] > 200)
        #expect(decisions[.noMatch, default: 0] > 200)
    }

    @Test("every route sample decides match (or exclude when the manifest excludes it) on Android too")
    func routeSamples() throws {
        for manifest in ParityManifests.all {
            let links = AssetLinksGenerator.generate(manifest)
            let package = try #require(manifest.android?.package)
            for (route, url, expected) in RouteSamples.urls(manifest) {
                let domain = try #require(URL(string: url)?.host)
                let decision = CompiledAssetLinks(links, domain: domain).decide(package: package, url: url)
                #expect(decision == expected, "\(manifest.id) route \(route): \(url)")
            }
        }
    }

    @Test("an assetlinks.json generated from a manifest has no decides-unlike-ios finding against it")
    func generatedAgreesWithManifest() {
        let manifests = ParityManifests.all + Examples.manifests.filter { $0.ios != nil && $0.android != nil }
        for manifest in manifests {
            let text = AssetLinksGenerator.generate(manifest).jsonText()
            let findings = AssetLinks.decode(Array(text.utf8), comparedWith: manifest).diagnostics
                .filter { $0.code == "decides-unlike-ios" }
            #expect(findings.isEmpty, "\(manifest.id): \(findings.map(\.description))")
        }
    }

    @Test("a hand-written assetlinks.json that decides a route URL unlike the generated AASA gets decides-unlike-ios")
    func handWrittenDiffers() throws {
        let news = ParityManifests.all[1]
        var links = AssetLinksGenerator.generate(news)
        // Without the empty-path rule, `https://news.example.com` stays on the web on Android,
        // while iOS reads its path as `/` and opens the home route.
        links.statements[0].dynamicRules = links.statements[0].dynamicRules?.filter { $0.path != "" }
        let findings = AssetLinks.decode(Array(links.jsonText().utf8), comparedWith: news).diagnostics
            .filter { $0.code == "decides-unlike-ios" }
        let root = try #require(findings.first)
        #expect(root.severity == .warning)
        #expect(
            root.message.hasPrefix("https://news.example.com decides no_match on Android"), "\(root.message)")
        #expect(root.message.hasSuffix("but match on iOS"), "\(root.message)")
        #expect(
            root.path.description
                == #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#
        )
        // A catch-all differs on many URLs: ten findings, the last says how many more.
        var everything = links
        everything.statements[0].dynamicRules = [AssetLinks.DynamicRule(path: "*")]
        let many = AssetLinks.decode(Array(everything.jsonText().utf8), comparedWith: news).diagnostics
            .filter { $0.code == "decides-unlike-ios" }
        #expect(many.count == 10)
        #expect(many.last?.message.contains("more URLs") == true, "\(many.last?.message ?? "")")
    }

    @Test("the documented differences are real: outside the property the platforms may disagree")
    func documentedDifferences() throws {
        let manifest = ParityManifests.all[0]
        let ios = CompiledAASA(AASAGenerator.generate(manifest), domain: "shop.example.com")
        let android = CompiledAssetLinks(AssetLinksGenerator.generate(manifest), domain: "shop.example.com")
        let app = "ABCDE12345.com.example.shop"
        let package = "com.example.shop"
        // An escaped slash: iOS compares "a%2Fb" as one segment, Android decodes it to "a/b",
        // which is deeper than the product route.
        #expect(ios.decide(appID: app, url: "https://shop.example.com/p/a%2Fb") == .match)
        #expect(android.decide(package: package, url: "https://shop.example.com/p/a%2Fb") == .exclude)
        // A trailing slash: iOS ignores it, Android compares the whole path.
        #expect(ios.decide(appID: app, url: "https://shop.example.com/cart/") == .match)
        #expect(android.decide(package: package, url: "https://shop.example.com/cart/") == .match)
        // (…here the short-link rule "/?*" happens to open it on Android; see the docs.)
        // A product ID holding a slash before "/reviews": iOS's `*` backtracks over it, Android's
        // stops at the first slash, so the URL falls to the deeper-than-product exclusion.
        let slashInID = "https://shop.example.com/product/a/b/reviews"
        #expect(ios.decide(appID: app, url: slashInID) == .match)
        #expect(android.decide(package: package, url: slashInID) == .exclude)
        let rules = try #require(AssetLinksGenerator.generate(manifest).statements.first?.dynamicRules)
        #expect(!ParitySampler.starsAgree(slashInID, rules: rules))
        #expect(ParitySampler.starsAgree("https://shop.example.com/product/a/reviews", rules: rules))
        #expect(!ParitySampler.isComparable("https://shop.example.com/cart/"))
        #expect(!ParitySampler.isComparable("https://shop.example.com/p/a%2Fb"))
        #expect(!ParitySampler.isComparable("https://shop.example.com/search?q=a&q=b"))
        #expect(ParitySampler.isComparable("https://shop.example.com/search?q=a&page=2#x"))
    }
}
