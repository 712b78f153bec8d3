import DeepLinkRouting

/// `HOST:PORT:ADDRESS` as given to `wayfinder check --resolve` (curl's spelling): requests for
/// HOST on PORT connect to ADDRESS instead of what DNS says, with HOST still in the TLS name check,
/// the SNI and the `Host` header. So a deployment can be checked before DNS points at it.
struct ResolveOverride: Equatable {
    /// Lowercase host name.
    var host: String
    var port: Int
    /// An IP address (an IPv6 one without its brackets) or a host name.
    var address: String

    /// Parses `stories.example.com:443:203.0.113.7` or `stories.example.com:443:[2001:db8::7]`.
    init(parsing text: String) throws(CheckTargetError) {
        let (authority, rest) = Self.splitAfterPort(text)
        let target = try CheckTarget(parsing: authority)
        guard let port = target.port, var address = rest, !address.isEmpty else {
            throw CheckTargetError(
                "--resolve \"\(text)\" is not HOST:PORT:ADDRESS; use, for example, stories.example.com:443:203.0.113.7")
        }
        if address.hasPrefix("[") && address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
        self.host = target.host
        self.port = port
        self.address = address
    }

    /// `HOST:PORT` and what follows the second `:` (the address, which may hold `:` itself).
    private static func splitAfterPort(_ text: String) -> (String, String?) {
        guard let first = text.firstIndex(of: ":"),
            let second = text[text.index(after: first)...].firstIndex(of: ":")
        else { return (text, nil) }
        return (String(text[..<second]), String(text[text.index(after: second)...]))
    }

    /// The host-to-address map for requests on `port` (entries for other ports are ignored, as
    /// curl ignores them).
    static func map(_ overrides: [ResolveOverride], port: Int) -> [String: String] {
        var map: [String: String] = [:]
        for entry in overrides where entry.port == port { map[entry.host] = entry.address }
        return map
    }
}
