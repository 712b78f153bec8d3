/// Why a set of manifests cannot be served together.
public enum TenantError: Error, Sendable, Hashable, CustomStringConvertible {
    case duplicateTenant(String)
    case sharedDomain(String, first: String, second: String)
    case noTenants

    public var description: String {
        switch self {
        case .duplicateTenant(let id):
            "two manifests have the id \"\(id)\": each tenant needs its own id"
        case .sharedDomain(let domain, let first, let second):
            "the domain \(domain) is in the manifests of both \"\(first)\" and \"\(second)\": a domain can belong to one tenant only"
        case .noTenants:
            "no manifest given: pass --manifest FILE (or set WAYFINDER_MANIFEST) once per app"
        }
    }
}
