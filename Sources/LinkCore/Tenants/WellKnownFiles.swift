/// The association files of one tenant, generated once from its manifest when the server starts.
package struct WellKnownFiles: Sendable {
    /// The `apple-app-site-association` JSON.
    package var appleAppSiteAssociation: [UInt8]
    /// The `assetlinks.json` JSON.
    package var assetLinks: [UInt8]
}
