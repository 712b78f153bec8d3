import DeepLinkRouting

/// Makes the `assetlinks.json` a manifest implies: one `handle_all_urls` statement for the
/// Android package and its signing-certificate fingerprints (none when the manifest has no
/// Android app).
public enum AssetLinksGenerator {
    /// The assetlinks.json for `manifest`; empty when it has no Android app.
    public static func generate(_ manifest: Manifest) -> AssetLinks {
        guard let android = manifest.android else { return AssetLinks(statements: []) }
        return AssetLinks(statements: [
            AssetLinks.Statement(
                relation: [AssetLinks.handleAllURLs],
                target: .androidApp(
                    packageName: android.package, sha256CertFingerprints: android.sha256CertFingerprints))
        ])
    }
}
