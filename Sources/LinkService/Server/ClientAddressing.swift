import Foundation
import GeoIP
import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

/// Who a request came from and how, believing forwarding headers only from trusted proxies
/// (``LinkServiceConfiguration/trustedProxies``, or every peer with
/// ``LinkServiceConfiguration/trustForwardedFor``).
package struct ClientAddressing: Sendable {
    package let trustForwardedFor: Bool
    package let trustedProxies: [String]
    /// Whether logs write whole client addresses rather than their networks (``LoggedAddress``).
    package let logsFullAddresses: Bool

    package init(_ configuration: LinkServiceConfiguration) {
        self.trustForwardedFor = configuration.trustForwardedFor
        self.trustedProxies = configuration.trustedProxies
        self.logsFullAddresses = configuration.logFullClientAddresses
    }

    /// A client address (or rate-limit bucket) as the logs write it.
    package func logged(_ address: String) -> String {
        LoggedAddress.text(address, full: logsFullAddresses)
    }

    /// Whether the peer `address` is a proxy whose connections carry many clients.
    package func isProxy(_ address: String) -> Bool {
        trustForwardedFor || trustedProxies.contains(address)
    }

    /// The client's address, for rate limits and logs: the peer's; or, when the peer is a trusted
    /// proxy, the address the proxies appended to `X-Forwarded-For`: the rightmost entry that is
    /// not itself a trusted proxy.
    ///
    /// Never the leftmost entry: a client writes what it likes there, and would pick its own rate
    /// limit bucket. An entry that is not an IP address (``IPAddress/init(_:)``: a proxy that
    /// misbehaves, or a header the client sent to a server with no proxy) is not believed: the
    /// peer's address is used.
    package func clientAddress(of request: Request, context: some RemoteAddressRequestContext) -> String {
        client(of: request, context: context).text
    }

    /// The client's address (``clientAddress(of:context:)``) as text, and as an address: the
    /// peer's read from its socket address's bytes, a forwarded one as its entry parsed. The
    /// address is `nil` when the peer has none (`unknown`).
    package func client(of request: Request, context: some RemoteAddressRequestContext)
        -> (text: String, address: IPAddress?)
    {
        let remote = context.remoteAddress
        let peer = remote?.ipAddress ?? "unknown"
        guard isProxy(peer) else { return (peer, remote.flatMap(IPAddress.init)) }
        let values = request.headers[values: .xForwardedFor]
        guard !values.isEmpty else { return (peer, remote.flatMap(IPAddress.init)) }
        let entries = values.joined(separator: ",").split(separator: ",")
        for entry in entries.reversed() {
            let text = entry.trimmingCharacters(in: .whitespaces)
            guard let address = IPAddress(text) else { break }
            if !trustForwardedFor, trustedProxies.contains(text) { continue }
            return (text, address)
        }
        return (peer, remote.flatMap(IPAddress.init))
    }

    /// The rate-limit bucket of the request's client: ``clientAddress(of:context:)``, an IPv6
    /// address by its /64 (``RateLimitBucket``).
    package func rateLimitBucket(of request: Request, context: some RemoteAddressRequestContext) -> String {
        let client = client(of: request, context: context)
        guard let address = client.address else { return client.text }
        return RateLimitBucket.key(for: address, written: client.text)
    }

    /// Whether the request came over TLS: said by a trusted proxy in `X-Forwarded-Proto`, or an
    /// `https` request line (when TLS is terminated by the server itself).
    package func cameOverTLS(_ request: Request, context: some RemoteAddressRequestContext) -> Bool {
        if request.uri.scheme?.rawValue == "https" { return true }
        let peer = context.remoteAddress?.ipAddress ?? ""
        guard trustedProxies.contains(peer),
            let proto = request.headers[.xForwardedProto]
        else { return false }
        return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// The host and port the browser asked for: `X-Forwarded-Host` from a trusted proxy, else
    /// `Host` (or the HTTP/2 authority).
    package func forwardedHost(of request: Request, context: some RemoteAddressRequestContext) -> String {
        let peer = context.remoteAddress?.ipAddress ?? ""
        if trustedProxies.contains(peer),
            let forwarded = request.headers[.xForwardedHost]
        {
            return forwarded.split(separator: ",").first?.trimmingCharacters(in: .whitespaces) ?? forwarded
        }
        return request.namedHost
    }
}
