import DeepLinkRouting

/// Why a set of manifests cannot be served together.
///
/// Match on ``code``; ``message`` names the manifests involved and what to change.
public struct TenantError: CodedError, Hashable {
    /// A stable kind of tenant error.
    public typealias Code = ErrorCode<TenantError>

    public let code: Code
    public let message: String

    /// Two manifests have the id `id`.
    public static func duplicateTenant(_ id: String) -> Self {
        Self(code: .duplicateTenant, message: "two manifests have the id \"\(id)\": each tenant needs its own id")
    }

    /// `domain` is in the manifests of both `first` and `second`.
    public static func sharedDomain(_ domain: String, first: String, second: String) -> Self {
        Self(
            code: .sharedDomain,
            message:
                "the domain \(domain) is in the manifests of both \"\(first)\" and \"\(second)\": a domain can belong to one tenant only"
        )
    }

    /// No manifest was given.
    public static let noTenants = Self(
        code: .noTenants, message: "no manifest given: pass --manifest FILE (or set WAYFINDER_MANIFEST) once per app")
}

extension ErrorCode where Owner == TenantError {
    /// Two manifests have one id.
    public static let duplicateTenant = Self("duplicate-tenant")
    /// Two manifests claim one domain.
    public static let sharedDomain = Self("shared-domain")
    /// No manifest at all.
    public static let noTenants = Self("no-tenants")
}
