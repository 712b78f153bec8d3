/// A key's scope: a named set of ``Permission``s. A key holds one or more scopes and may do what
/// any of them permits.
package enum Scope: String, CaseIterable, Sendable, Hashable, Comparable {
    case linksRead = "links:read"
    case linksWrite = "links:write"
    case statsRead = "stats:read"
    case webhooksWrite = "webhooks:write"
    case domainsWrite = "domains:write"
    case membersWrite = "members:write"
    case eventsWrite = "events:write"
    /// Safe to ship inside an app: create links to the tenant's routes and send events; resolve
    /// and claim need no key at all.
    case app

    /// What the scope permits.
    package var permissions: Set<Permission> {
        switch self {
        case .linksRead: [.readLinks]
        case .linksWrite: [.createRouteLinks, .createLinks, .changeLinks]
        case .statsRead: [.readStats]
        case .webhooksWrite: [.changeWebhooks]
        case .domainsWrite: [.changeDomains]
        case .membersWrite: [.changeMembers, .readAudit]
        case .eventsWrite: [.sendEvents]
        case .app: [.createRouteLinks, .sendEvents]
        }
    }

    /// The scopes of a key made without any named, and of every key made before keys had
    /// scopes: all but ``app``.
    package static let standard: [Scope] = allCases.filter { $0 != .app }

    /// The scopes that permit `permission`, in list order (for a refusal to name).
    package static func granting(_ permission: Permission) -> [Scope] {
        allCases.filter { $0.permissions.contains(permission) }
    }

    /// Scopes as stored: their names, space-separated, in list order.
    package static func text(of scopes: some Sequence<Scope>) -> String {
        Set(scopes).sorted().map(\.rawValue).joined(separator: " ")
    }

    /// The scopes of stored text; names this build does not know are left out (they permit
    /// nothing here).
    package static func parse(_ text: String) -> [Scope] {
        Set(text.split(separator: " ").compactMap { Scope(rawValue: String($0)) }).sorted()
    }

    package static func < (lhs: Scope, rhs: Scope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
