import DeepLinkRouting

/// Compares a hand-written assetlinks.json with the AASA generated from the same manifest:
/// `decides-unlike-ios` (warning) for each sampled URL of the manifest's routes that Android would
/// decide differently from iOS.
///
/// The URLs are, on every domain of the manifest, the samples `wayfinder check` asks about (each
/// route's paths with their required and optional query items, each exclude), a path one segment
/// deeper than each route sample, and the domain's root with and without `/`. Android decides them
/// as ``CompiledAssetLinks`` does (the device's code), iOS as ``CompiledAASA`` does.
enum PlatformParityValidator {
    /// At most this many URLs are reported; the last finding says how many more differ.
    static let maximumFindings = 10

    static func check(_ assetLinks: AssetLinks, against manifest: Manifest, collector: inout DiagnosticCollector) {
        guard let appID = manifest.ios?.appIDs.first?.description, let package = manifest.android?.package else {
            return
        }
        let aasa = AASAGenerator.generate(manifest)
        let statement = assetLinks.statements.firstIndex {
            guard case .androidApp(let name, _) = $0.target else { return false }
            return name == package && $0.relation.contains(AssetLinks.handleAllURLs)
        }
        let path =
            statement.map {
                JSONPath.root.appending($0).appending("relation_extensions").appending(AssetLinks.handleAllURLs)
                    .appending(AssetLinks.dynamicRulesKey)
            } ?? .root
        var differing: [String] = []
        for domain in manifest.domains {
            let ios = CompiledAASA(aasa, domain: domain)
            let android = CompiledAssetLinks(assetLinks, domain: domain)
            for url in urls(for: manifest, domain: domain) {
                let iosDecision = ios.decide(appID: appID, url: url)
                let androidDecision = android.decide(package: package, url: url)
                guard iosDecision != androidDecision else { continue }
                differing.append(
                    "\(url) decides \(androidDecision.rawValue) on Android (\(android.explain(package: package, url: url).summary)) but \(iosDecision.rawValue) on iOS"
                )
            }
        }
        for (index, finding) in differing.prefix(maximumFindings).enumerated() {
            let more = differing.count - maximumFindings
            collector.warning(
                "decides-unlike-ios", path,
                finding + (index == maximumFindings - 1 && more > 0 ? "; and \(more) more URLs" : ""),
                hint:
                    "write the rules with `wayfinder assetlinks generate --manifest FILE`, which spells them so both platforms agree on the manifest's URLs"
            )
        }
    }

    /// The sampled URLs of `manifest` on `domain`, without duplicates.
    static func urls(for manifest: Manifest, domain: String) -> [String] {
        var urls = ["https://\(domain)", "https://\(domain)/"]
        for route in manifest.routes {
            for url in SampleURLs.urls(for: route, domain: domain) {
                urls.append(url)
                let query = url.firstIndex(of: "?")
                let base = query.map { String(url[..<$0]) } ?? url
                let deeper = (base.hasSuffix("/") ? base : base + "/") + "deeper"
                urls.append(deeper + (query.map { String(url[$0...]) } ?? ""))
            }
        }
        urls += manifest.exclude.map { SampleURLs.url(for: $0, domain: domain) }
        var seen: Set<String> = []
        return urls.filter { seen.insert($0).inserted }
    }
}

extension AssetLinks {
    /// Reads an assetlinks.json as ``decode(_:)`` does and also compares it with the AASA
    /// generated from `manifest`: a `decides-unlike-ios` warning for each URL of the manifest's
    /// routes that Android would decide differently from iOS.
    public static func decode(_ bytes: some Collection<UInt8>, comparedWith manifest: Manifest) -> Decoded {
        let decoded = decode(bytes)
        guard let assetLinks = decoded.assetLinks else { return decoded }
        var collector = DiagnosticCollector()
        PlatformParityValidator.check(assetLinks, against: manifest, collector: &collector)
        return Decoded(
            assetLinks: assetLinks, diagnostics: decoded.diagnostics + collector.diagnostics,
            androidRejection: decoded.androidRejection)
    }
}
