import DeepLinkRouting

extension Tenant {
    /// The tenant of `manifest` with its route table and association files.
    ///
    /// The two seams to the other modules: the route table comes from `DeepLinkRouting`'s router
    /// and the association files from `AssociatedDomains`' generator. Until this build has them
    /// they stay `nil`, and the server says so (`501` for deep-link destinations, `503` for the
    /// well-known files) rather than guessing.
    static func make(from manifest: Manifest) throws -> Tenant {
        Tenant(manifest: manifest, routes: nil, wellKnown: nil)
    }
}
