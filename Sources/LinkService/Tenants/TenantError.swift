/// Why a set of manifests cannot be served together.
///
/// Match on ``code``; ``description`` names the manifests involved and what to change.
public struct TenantError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case duplicateTenant(String)
        case sharedDomain(String, first: String, second: String)
        case noTenants
    }

    /// A stable kind of tenant error.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// Two manifests have one id.
        public static let duplicateTenant = Code("duplicate-tenant")
        /// Two manifests claim one domain.
        public static let sharedDomain = Code("shared-domain")
        /// No manifest at all.
        public static let noTenants = Code("no-tenants")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// Two manifests have the id `id`.
    public static func duplicateTenant(_ id: String) -> Self { Self(.duplicateTenant(id)) }
    /// `domain` is in the manifests of both `first` and `second`.
    public static func sharedDomain(_ domain: String, first: String, second: String) -> Self {
        Self(.sharedDomain(domain, first: first, second: second))
    }
    /// No manifest was given.
    public static let noTenants = Self(.noTenants)

    /// What kind of error this is.
    public var code: Code {
        switch reason {
        case .duplicateTenant: .duplicateTenant
        case .sharedDomain: .sharedDomain
        case .noTenants: .noTenants
        }
    }

    public var description: String {
        switch reason {
        case .duplicateTenant(let id):
            "two manifests have the id \"\(id)\": each tenant needs its own id"
        case .sharedDomain(let domain, let first, let second):
            "the domain \(domain) is in the manifests of both \"\(first)\" and \"\(second)\": a domain can belong to one tenant only"
        case .noTenants:
            "no manifest given: pass --manifest FILE (or set WAYFINDER_MANIFEST) once per app"
        }
    }
}
