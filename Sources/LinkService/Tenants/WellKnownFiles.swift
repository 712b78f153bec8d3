/// The association files of one tenant, generated once from its manifest when the server starts.
struct WellKnownFiles: Sendable {
    /// The `apple-app-site-association` JSON.
    var appleAppSiteAssociation: [UInt8]
    /// The `assetlinks.json` JSON.
    var assetLinks: [UInt8]
}
