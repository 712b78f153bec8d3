import AssociatedDomains

extension FuzzTarget {
    /// assetlinks.json: decode, compile and decide. The input is the file, optionally followed by
    /// a NUL and a URL, decided against the fuzzed file and the fixture manifest's file.
    static let assetLinks = FuzzTarget(name: "assetlinks") { bytes in
        let (json, url) = bytes.splitAtNUL
        let urls = Fixtures.sampleURLs + (url.map { [$0.text] } ?? [])
        if let links = AssetLinks.decode(json).assetLinks {
            let compiled = CompiledAssetLinks(links, domain: "stories.example.com")
            for url in urls {
                for (package, _) in compiled.decisions(url: url) { _ = compiled.explain(package: package, url: url) }
            }
        }
        if let url { _ = FuzzTarget.generatedAssetLinks.decisions(url: url.text) }
    }

    static let generatedAssetLinks = CompiledAssetLinks(
        AssetLinksGenerator.generate(Fixtures.manifest), domain: "stories.example.com")
}
