/// What a ``LinkChangeFeed`` reports.
package enum LinkChange: Sendable, Hashable {
    /// The tenant's link with this slug was created, changed or deleted, by this instance or
    /// another one.
    case changed(tenant: String, slug: String)
    /// The API keys with this prefix were revoked, through another store.
    case apiKeysRevoked(prefix: String)
    /// The runtime domain with this name was added, checked, verified or removed, by this
    /// instance or another: the domains served must be read again.
    case domainChanged(name: String)
    /// The feed (re)started listening: changes made while it was not listening are unknown, so
    /// everything learnt before must be read again.
    case resynchronize
}
