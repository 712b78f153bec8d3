/// Scheme and host allow and deny lists; a deny entry beats an allow entry, and an empty allow
/// list allows everything. Entries compare ignoring case.
public struct LinkFilter: Sendable, Hashable {
    /// When not empty, the only schemes that may open the app, such as `["https", "example"]`.
    public var allowedSchemes: Set<String> = []
    /// Schemes that never open the app, even when allowed.
    public var deniedSchemes: Set<String> = []
    /// When not empty, the only hosts that may open the app; links without a host are not affected.
    public var allowedHosts: Set<String> = []
    /// Hosts that never open the app, even when allowed.
    public var deniedHosts: Set<String> = []

    /// A filter from its four lists; with no arguments it allows every link.
    public init(
        allowedSchemes: Set<String> = [], deniedSchemes: Set<String> = [], allowedHosts: Set<String> = [],
        deniedHosts: Set<String> = []
    ) {
        self.allowedSchemes = allowedSchemes
        self.deniedSchemes = deniedSchemes
        self.allowedHosts = allowedHosts
        self.deniedHosts = deniedHosts
    }

    /// Why the link is forbidden, or `nil` when it may go on.
    public func reasonToForbid(_ link: DeepLink) -> String? {
        let scheme = link.scheme.lowercased()
        if deniedSchemes.contains(where: { $0.lowercased() == scheme }) { return "the scheme \"\(scheme)\" is denied" }
        if !allowedSchemes.isEmpty, !allowedSchemes.contains(where: { $0.lowercased() == scheme }) {
            return "the scheme \"\(scheme)\" is not in the allowed schemes"
        }
        guard let host = link.host?.lowercased() else { return nil }
        if deniedHosts.contains(where: { $0.lowercased() == host }) { return "the host \"\(host)\" is denied" }
        if !allowedHosts.isEmpty, !allowedHosts.contains(where: { $0.lowercased() == host }) {
            return "the host \"\(host)\" is not in the allowed hosts"
        }
        return nil
    }
}
