/// One thing a caller may do: the single list behind both keys' scopes (``Scope``) and people's
/// roles (``Role``). A route declares the one permission it needs where it is routed; a caller
/// (``Actor``) holds a set of them.
///
/// The raw values are stable: they name the permission in refusals and logs.
package enum Permission: String, CaseIterable, Sendable, Hashable, Comparable {
    /// Read links: one, the list, their QR codes, simulations and exports.
    case readLinks = "links.read"
    /// Create links whose destination resolves to one of the tenant's routes (what an app key
    /// may do; never a free web URL).
    case createRouteLinks = "links.create-for-routes"
    /// Create links with any destination, including through Firebase Dynamic Links' calls.
    case createLinks = "links.create"
    /// Change and delete links (their rules and tags too) and import them in bulk.
    case changeLinks = "links.change"
    /// Read link and tenant stats.
    case readStats = "stats.read"
    /// Read and change webhook endpoints, rotate their secrets, read their deliveries.
    case changeWebhooks = "webhooks.change"
    /// Read, add, verify and remove the tenant's domains.
    case changeDomains = "domains.change"
    /// Invite and remove members, change their roles, and make and revoke keys.
    case changeMembers = "members.change"
    /// Read the audit log.
    case readAudit = "audit.read"
    /// Report events (installs, opens, purchases) from apps or servers.
    case sendEvents = "events.send"
    /// Add, demote and remove owners.
    case changeOwners = "owners.change"
    /// Delete the tenant's data.
    case deleteTenantData = "tenant.delete"

    package static func < (lhs: Permission, rhs: Permission) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
