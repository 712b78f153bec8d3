import Foundation

extension Manifest {
    /// Where a link's web URLs may lead besides `https` on the default port (`"linkOrigins"`,
    /// optional): origins such as `"http://legacy.example.com"` or
    /// `"https://www.example.com:8443"`, each on a host links may name anyway (the website's or
    /// one of ``domains``). The website's own origin (``web``) is always allowed.
    ///
    /// Without them a link server refuses `http:` (a downgrade any network on the way can read
    /// and rewrite) and explicit ports (another service on an allowed host) in the URLs a link
    /// stores.
    public struct LinkOrigin: Sendable, Hashable, CustomStringConvertible {
        /// `http` or `https`.
        public let scheme: String
        /// Lowercase host name.
        public let host: String
        /// The port; `nil` for the scheme's default.
        public let port: Int?

        /// Reads `scheme://host[:port]` (no path, user or query); `nil` for anything else. A port
        /// that is the scheme's default is the same origin as none.
        public init?(_ text: String) {
            guard let split = SplitURL(text), split.userInfo == nil, split.query == nil, split.fragment == nil,
                split.path.isEmpty || split.path == "/", let host = split.host, HostName.problem(with: host) == nil
            else { return nil }
            let scheme = split.scheme.lowercased()
            guard ["http", "https"].contains(scheme), text.lowercased().hasPrefix(scheme + "://") else { return nil }
            var port: Int? = nil
            if let text = split.port {
                guard let value = Int(text), (1...65535).contains(value), text.utf8.count <= 5 else { return nil }
                port = value
            }
            self.init(scheme: scheme, host: host, port: port)
        }

        /// The origin of `scheme://host:port`; a default port (`80` for http, `443` for https) is
        /// stored as `nil`.
        public init(scheme: String, host: String, port: Int?) {
            self.scheme = scheme.lowercased()
            self.host = host.lowercased()
            let defaultPort = self.scheme == "http" ? 80 : 443
            self.port = port == defaultPort ? nil : port
        }

        public var description: String { "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") }
    }

    /// Whether a link's URL with this scheme, host and port (`nil`: none written) may be stored:
    /// `https` on the default port, the website's origin, or one of ``linkOrigins``.
    public func allowsLinkOrigin(scheme: String, host: String, port: Int?) -> Bool {
        let origin = LinkOrigin(scheme: scheme, host: host, port: port)
        if origin.scheme == "https", origin.port == nil { return true }
        if let web, let webScheme = web.scheme, let webHost = web.host,
            LinkOrigin(scheme: webScheme, host: webHost, port: web.port) == origin
        {
            return true
        }
        return linkOrigins.contains(origin)
    }
}
