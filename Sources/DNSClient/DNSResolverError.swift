/// Why a lookup has no answer, in words an operator can act on.
public enum DNSResolverError: Error, Sendable, CustomStringConvertible {
    /// `WAYFINDER_DNS_RESOLVER` (or the system's configuration) does not name a server.
    case invalidServerAddress(String)
    /// The server did not answer in time, on any attempt.
    case noAnswer(server: String, seconds: Double)
    /// The server could not be reached at all (nothing listens, no route).
    case unreachable(server: String, reason: String)
    /// The server answered with a failure (SERVFAIL, REFUSED…) for the name.
    case failed(DNSResponseCode, name: DNSName, server: String)
    /// The answer could not be read.
    case malformedAnswer(DNSMessageError, server: String)
    /// The name's aliases loop or run longer than a resolver follows.
    case aliasChain([DNSName])

    public var description: String {
        switch self {
        case .invalidServerAddress(let text):
            "\"\(text)\" is not a DNS server address: give an IP address and an optional port, such as 127.0.0.1:53 or [::1]:5353"
        case .noAnswer(let server, let seconds):
            "the DNS server \(server) did not answer within \(seconds) s: check that it runs and is reachable (WAYFINDER_DNS_RESOLVER sets the server)"
        case .unreachable(let server, let reason):
            "the DNS server \(server) cannot be reached (\(reason)): check WAYFINDER_DNS_RESOLVER"
        case .failed(let code, let name, let server):
            "the DNS server \(server) answered \(code) for \(name): the name's own servers may be failing; try again later"
        case .malformedAnswer(let error, let server): "the DNS server \(server) sent an unreadable answer: \(error)"
        case .aliasChain(let names):
            "the aliases (CNAME) \(names.map(\.description).joined(separator: " → ")) loop or run longer than 8 steps"
        }
    }
}
