import GeoIP
import Hummingbird
import LinkCore
import NIOCore

/// `GET /tls/ask?domain=NAME`, the question Caddy's on-demand TLS asks before it gets a
/// certificate for a name it has not seen: `200` when NAME is a domain of a tenant now served,
/// `404` otherwise, answered from the tenant set in memory (no database call).
///
/// Only the proxy may ask: a peer on loopback or in ``LinkServiceConfiguration/trustedProxies``;
/// anyone else gets `403`. The peer is the connection's address, never a forwarding header.
package struct TLSAskHandler: Sendable {
    package let tenants: TenantDirectory
    package let trustedProxies: [String]

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        router.get("/tls/ask") { request, context in respond(request, peer: context.remoteAddress) }
    }

    package func respond(_ request: Request, peer: SocketAddress?) -> Response {
        guard let peer, Self.isLoopback(peer) || trustedProxies.contains(peer.ipAddress ?? "") else {
            return Response.text(
                "only the TLS proxy may ask: loopback or WAYFINDER_TRUSTED_PROXIES\n", status: .forbidden)
        }
        let name = DomainName.lookupForm(request.uri.queryParameters["domain"].map(String.init) ?? "")
        guard !name.isEmpty, tenants.tenant(forHost: name) != nil else {
            return Response.text("not a tenant domain\n", status: .notFound)
        }
        return Response.text("tenant domain\n", status: .ok)
    }

    /// Whether the peer is this machine: `127.0.0.0/8`, `::1`, or `::ffff:127.x.x.x`.
    package static func isLoopback(_ address: SocketAddress) -> Bool {
        guard let ip = IPAddress(address) else { return false }
        return loopbackV4.contains(ip) || ip == IPAddress(ipv6High: 0, low: 1)
    }

    private static let loopbackV4 = IPNetwork(address: IPAddress(ipv4: 0x7F00_0000), prefixLength: 8)!

    /// A value with every stored property given.
    package init(tenants: TenantDirectory, trustedProxies: [String]) {
        self.tenants = tenants
        self.trustedProxies = trustedProxies
    }

}
