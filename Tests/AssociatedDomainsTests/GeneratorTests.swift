import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

/// The example manifests shipped in `Examples/`.
enum Examples {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    static var manifests: [Manifest] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map {
            try! Manifest(contentsOf: directory.appendingPathComponent($0))
        }
    }
}

/// URLs a route pattern is meant to open, with the query items the route requires.
enum RouteSamples {
    static func paths(_ pattern: RoutePattern) -> [String] {
        var prefixes = [""]
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): prefixes = prefixes.map { $0 + "/" + PercentDecoding.encodeSegment(text) }
            case .parameter(_, let type): prefixes = prefixes.map { $0 + "/" + value(type) }
            case .optional(_, let type): prefixes = prefixes.flatMap { [$0, $0 + "/" + value(type)] }
            case .catchAll: prefixes = prefixes.flatMap { [$0, $0 + "/a", $0 + "/a/b"] }
            }
        }
        return prefixes.map { $0.isEmpty ? "/" : $0 }
    }

    static func value(_ type: String?) -> String {
        switch type {
        case "int": "42"
        case "uuid": "0F4E6C8A-1B2C-4D3E-9F80-123456789ABC"
        default: "abc-1"
        }
    }

    /// Every sampled URL of every route, on every domain, with the decision the AASA must give.
    static func urls(_ manifest: Manifest) -> [(route: String, url: String, expected: AASADecision)] {
        var samples: [(String, String, AASADecision)] = []
        for route in manifest.routes {
            let required = route.query.filter { $0.requirement == .required }
            let query = required.isEmpty ? "" : "?" + required.map { "\($0.name)=v1" }.joined(separator: "&")
            for pattern in route.paths {
                for path in paths(pattern) {
                    let excluded = manifest.exclude.contains { $0.matches(path: path) }
                    for domain in manifest.domains {
                        samples.append((route.name, "https://\(domain)\(path)\(query)", excluded ? .exclude : .match))
                    }
                }
            }
        }
        return samples
    }
}

@Suite("AASA and assetlinks generation from a manifest")
struct GeneratorTests {
    @Test("the generated AASA opens every sampled route URL of every example and keeps excluded ones out")
    func routesOpen() throws {
        for manifest in Examples.manifests {
            let file = AASAGenerator.generate(manifest)
            for domain in manifest.domains {
                let compiled = CompiledAASA(file, domain: domain)
                for appID in manifest.ios?.appIDs ?? [] {
                    for sample in RouteSamples.urls(manifest) where sample.url.contains("://\(domain)/") {
                        #expect(
                            compiled.decide(appID: appID.description, url: sample.url) == sample.expected,
                            "\(manifest.id) \(sample.route) \(sample.url)")
                    }
                }
            }
        }
    }

    @Test("the generated file validates clean and survives a write-read round trip")
    func validates() throws {
        for manifest in Examples.manifests {
            for legacy in [false, true] {
                let text = AASAGenerator.generate(manifest, legacy: legacy).jsonText()
                let diagnostics = AASAValidator.validate(Array(text.utf8))
                #expect(!diagnostics.containsErrors, "\(manifest.id): \(diagnostics)")
                #expect(AASAFile.decode(Array(text.utf8)).file == AASAGenerator.generate(manifest, legacy: legacy))
            }
        }
    }

    static let storyteller = Examples.manifests.first { $0.id == "storyteller" }!

    @Test("components: excludes first, parameters as ?*, optional keeps its parent, required query as a dictionary")
    func componentShapes() {
        let components = AASAGenerator.components(for: Self.storyteller)
        #expect(components.prefix(2).map(\.path) == ["/e/*", "/help/website/*"])
        #expect(components.prefix(2).allSatisfy { $0.exclude == true })
        #expect(components.contains { $0.path == "/story/?*" })
        #expect(components.contains { $0.path == "/story/?*/page/?*" })
        let clips = components.filter { $0.comment == "clips" }
        #expect(Set(clips.map(\.path)) == ["/open/clip", "/open/clip/?*", "/go/clips"])
        #expect(clips.allSatisfy { $0.query == .items([.init(name: "collectionId", pattern: "?*")]) })
        #expect(components.suffix(2).map(\.path) == ["/*/?*", "/?*"])
        #expect(components.suffix(2).map(\.exclude) == [true, nil])
    }

    @Test(
        "paths deeper than a route's last parameter stay on the web",
        arguments: [
            ("chat", "https://chat.example.com/room1", AASADecision.match),
            ("chat", "https://chat.example.com/u/bob", .match),
            ("chat", "https://chat.example.com/a/b", .exclude),
            ("chat", "https://chat.example.com/u/bob/x", .exclude),
            ("storyteller", "https://stories.example.com/story/1/other", .exclude),
            ("storyteller", "https://stories.example.com/story/1/page/0F4E6C8A-1B2C-4D3E-9F80-123456789ABC", .match),
            ("payments", "https://pay.example.com/receipts/2024/01/a.pdf", .match),
            ("payments", "https://pay.example.com/transaction/7/x", .exclude),
        ])
    func deeperPaths(manifest id: String, url: String, expected: AASADecision) throws {
        let manifest = try #require(Examples.manifests.first { $0.id == id })
        let compiled = CompiledAASA(AASAGenerator.generate(manifest), domain: manifest.domains[0])
        #expect(compiled.decide(appID: manifest.ios!.appIDs[0].description, url: url) == expected)
    }

    @Test("a catch-all becomes /x/*, which also matches its parent")
    func catchAll() throws {
        let pattern = try RoutePattern(parsing: "/receipts/{rest*}")
        #expect(AASAGenerator.pathGlobs(pattern) == ["/receipts/*"])
        #expect(AASAGenerator.pathGlobs(try RoutePattern(parsing: "/")) == ["/"])
        #expect(AASAGenerator.pathGlobs(try RoutePattern(parsing: "/{a?}")) == ["/", "/?*"])
    }

    @Test(
        "short links open the app, deeper paths the routes do not cover do not",
        arguments: [
            ("https://stories.example.com/Ab3dE", AASADecision.match),
            ("https://stories.example.com/x", .match),
            ("https://stories.example.com/unknown/deeper", .exclude),
            ("https://stories.example.com/a/b/c", .exclude),
            ("https://stories.example.com/", .noMatch),
            ("https://stories.example.com/story/42", .match),
            ("https://stories.example.com/e/anything", .exclude),
            ("https://stories.example.com/open/clip?collectionId=1", .match),
            ("https://stories.example.com/go/clips", .exclude),
        ])
    func shortLinks(url: String, expected: AASADecision) {
        let compiled = CompiledAASA(AASAGenerator.generate(Self.storyteller), domain: "stories.example.com")
        #expect(compiled.decide(appID: "ABCDE12345.com.storyteller.app", url: url) == expected)
    }

    @Test("legacy output carries apps [] and NOT paths for old iOS")
    func legacy() throws {
        let file = AASAGenerator.generate(Self.storyteller, legacy: true)
        #expect(file.applinks?.apps == [])
        let legacy = try #require(file.applinks?.details.last)
        #expect(legacy.appIDKey == .appID)
        #expect(legacy.paths?.first == "NOT /e/*")
        #expect(legacy.paths?.suffix(2) == ["NOT /*/?*", "/?*"])
        #expect(file.webcredentials?.apps == ["ABCDE12345.com.storyteller.app"])
    }

    @Test("assetlinks.json lists the package and fingerprints and validates clean")
    func assetLinks() throws {
        let links = AssetLinksGenerator.generate(Self.storyteller)
        #expect(links.statements.count == 1)
        #expect(links.statements[0].relation == [AssetLinks.handleAllURLs])
        let decoded = AssetLinks.decode(Array(links.jsonText().utf8))
        #expect(decoded.diagnostics.isEmpty)
        #expect(decoded.assetLinks == links)
    }
}

@Suite("Generated AASA agrees with the router")
struct RouterAgreementTests {
    @Test("for sampled URLs of each route of every example: router matched ⇔ AASA match, excluded ⇔ exclude")
    func agrees() throws {
        for manifest in Examples.manifests {
            let table = try RouteTableBuilder(manifest: manifest).build()
            let file = AASAGenerator.generate(manifest)
            var paths: [String] = manifest.exclude.map {
                PathPattern.normalize($0.text.replacingOccurrences(of: "*", with: "x"))
            }
            for sample in RouteSamples.urls(manifest) { paths.append(sample.url) }
            for domain in manifest.domains {
                let compiled = CompiledAASA(file, domain: domain)
                for sample in RouteSamples.urls(manifest)
                    + paths.map({ ("exclude", $0.hasPrefix("/") ? "https://\(domain)\($0)" : $0, AASADecision.exclude) }
                    )
                where sample.url.contains("://\(domain)/") {
                    let resolution = table.resolve(sample.url)
                    for appID in manifest.ios?.appIDs ?? [] {
                        let decision = compiled.decide(appID: appID.description, url: sample.url)
                        #expect(
                            (resolution.match != nil) == (decision == .match),
                            "\(manifest.id) \(sample.url): router \(resolution.name), AASA \(decision)")
                        #expect(
                            (resolution == .excluded) == (decision == .exclude),
                            "\(manifest.id) \(sample.url): router \(resolution.name), AASA \(decision)")
                    }
                }
            }
        }
    }
}
