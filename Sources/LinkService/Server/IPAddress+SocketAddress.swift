import GeoIP
import NIOCore

extension IPAddress {
    /// The address of a socket address NIO reports (a peer's), read from its bytes: no text is
    /// written or parsed between. Nil for a Unix domain socket. An IPv4 client of a dual-stack
    /// socket comes as the IPv4-mapped IPv6 address it is (``IPAddress/unmapped``).
    package init?(_ socketAddress: SocketAddress) {
        // The address's bytes by their offset in `sockaddr_in` (4: after the family and the port)
        // and `sockaddr_in6` (8: after the flow label too), the same on Linux and the BSDs.
        // Not `sin_addr`: with MemberImportVisibility, which C module declares those members
        // depends on the order the modules load in (NIO's CNIOLinux or Glibc).
        switch socketAddress {
        case .v4(let v4):
            self = withUnsafeBytes(of: v4.address) { raw in
                IPAddress(ipv4: UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
            }
        case .v6(let v6):
            self = withUnsafeBytes(of: v6.address) { raw in
                IPAddress(
                    ipv6High: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                    low: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
            }
        case .unixDomainSocket:
            return nil
        }
    }
}
