import AssociatedDomains
import DeepLinkRouting

extension Tenant {
    /// The tenant of `manifest` with its route table and association files, both computed once
    /// here so that the request path only looks them up.
    package static func make(from manifest: Manifest) throws -> Tenant {
        let wellKnown = WellKnownFiles(
            appleAppSiteAssociation: Array(AASAGenerator.generate(manifest).jsonText().utf8),
            assetLinks: Array(AssetLinksGenerator.generate(manifest).jsonText().utf8))
        return Tenant(manifest: manifest, routes: try RouteTable(manifest: manifest), wellKnown: wellKnown)
    }
}
