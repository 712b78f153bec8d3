/// Scheme and host allow and deny lists; a deny entry beats an allow entry, and an empty allow
/// list allows everything. Entries compare ignoring case.
public struct LinkFilter: Sendable, Hashable {
    public var allowedSchemes: Set<String> = []
    public var deniedSchemes: Set<String> = []
    public var allowedHosts: Set<String> = []
    public var deniedHosts: Set<String> = []

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
