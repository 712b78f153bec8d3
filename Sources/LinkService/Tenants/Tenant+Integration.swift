import DeepLinkRouting

extension Tenant {
    /// The tenant of `manifest` with its route table and association files.
    ///
    /// The seams to the other modules: the route table comes from `DeepLinkRouting`'s
    /// ``RouteTable`` and the association files from `AssociatedDomains`' generator. Until this
    /// build has the generator they stay `nil`, and the server says so (`503` for the well-known
    /// files) rather than guessing.
    static func make(from manifest: Manifest) throws -> Tenant {
        Tenant(manifest: manifest, routes: try RouteTable(manifest: manifest), wellKnown: nil)
    }
}
