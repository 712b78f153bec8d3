import GeoIP
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IPAddress {
    /// The address of a socket address NIO reports (a peer's), read from its bytes: no text is
    /// written or parsed between. Nil for a Unix domain socket. An IPv4 client of a dual-stack
    /// socket comes as the IPv4-mapped IPv6 address it is (``IPAddress/unmapped``).
    package init?(_ socketAddress: SocketAddress) {
        switch socketAddress {
        case .v4(let v4):
            // `s_addr` is in network order.
            self.init(ipv4: UInt32(bigEndian: v4.address.sin_addr.s_addr))
        case .v6(let v6):
            var bytes = v6.address.sin6_addr
            self = withUnsafeBytes(of: &bytes) { raw in
                IPAddress(
                    ipv6High: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
                    low: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
        case .unixDomainSocket:
            return nil
        }
    }
}
