import DeepLinkRouting

extension FuzzTarget {
    /// The app manifest: the lenient decoder with its diagnostics, then the loader that also
    /// builds the route table, and a resolve through that table when there is one.
    static let manifest = FuzzTarget(name: "manifest") { bytes in
        _ = Manifest.decode(bytes).diagnostics.count
        let loaded = ManifestLoader().load(bytes)
        if let routes = loaded.routes {
            for url in Fixtures.sampleURLs { _ = routes.resolve(url) }
        }
    }
}
