import AssociatedDomains
import DeepLinkRouting

extension FuzzTarget {
    /// apple-app-site-association JSON: decode, validate, compile, and decide. The input is the
    /// file, optionally followed by a NUL and a URL; the URL is decided against the fuzzed file
    /// and against the file generated from the fixture manifest.
    static let aasa = FuzzTarget(name: "aasa") { bytes in
        let (json, url) = bytes.splitAtNUL
        _ = AASAValidator.validate(json).count
        let urls = Fixtures.sampleURLs + (url.map { [$0.text] } ?? [])
        if let file = AASAFile.decode(json).file {
            let compiled = CompiledAASA(file, domain: "stories.example.com")
            for url in urls {
                for (appID, _) in compiled.decisions(url: url) { _ = compiled.explain(appID: appID, url: url) }
            }
        }
        if let url { _ = FuzzTarget.generatedAASA.decisions(url: url.text) }
    }

    static let generatedAASA = CompiledAASA(AASAGenerator.generate(Fixtures.manifest), domain: "stories.example.com")
}
