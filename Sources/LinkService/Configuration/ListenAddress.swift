import DeepLinkRouting
import LinkCore

/// A `HOST:PORT` to listen on, such as the metrics listener's `127.0.0.1:9464` (an IPv6 address in
/// brackets: `[::1]:9464`).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address or name to bind, without brackets.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`; the error says what would be right.
    public init(parsing text: String, key: String) throws(LinkServiceConfiguration.InvalidValue) {
        let (host, digits) = SplitURL.hostAndPort(text)
        guard !host.isEmpty, let digits, let port = Int(digits), (0...65535).contains(port) else {
            throw LinkServiceConfiguration.InvalidValue(
                key: key, value: text, expected: "HOST:PORT, such as 127.0.0.1:9464 or [::1]:9464 (or off)")
        }
        let bracketed = host.hasPrefix("[") && host.hasSuffix("]")
        self.init(host: bracketed ? String(host.dropFirst().dropLast()) : host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
