import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes, and whether it belongs to the public internet: what the
/// webhook SSRF rule decides on.
package struct NetworkAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6).
    package let bytes: [UInt8]

    /// An address written as an IP literal (`203.0.113.7`, `2001:db8::1`, with or without
    /// brackets); `nil` for a name.
    package init?(literal text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, String(text), &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Why the address is not a global unicast address (loopback, private, link-local,
    /// documentation, a 6to4 or NAT64 form of such an IPv4 address, …: ``IPAddress/nonGlobalKind``);
    /// `nil` for a global unicast address.
    package var nonPublicKind: String? {
        guard let address = IPAddress(bytes: bytes) else { return "unspecified" }
        return address.nonGlobalKind
    }

    package var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }.joined(separator: ":")
    }

    /// The addresses `host` resolves to (the system's resolver, off the cooperative threads);
    /// empty when it resolves to none.
    package static func resolve(_ host: String) async -> [NetworkAddress] {
        if let literal = NetworkAddress(literal: host) { return [literal] }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var hints = addrinfo()
                hints.ai_family = AF_UNSPEC
                #if canImport(Glibc)
                    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
                #else
                    hints.ai_socktype = SOCK_STREAM
                #endif
                var list: UnsafeMutablePointer<addrinfo>?
                guard getaddrinfo(host, nil, &hints, &list) == 0 else {
                    continuation.resume(returning: [])
                    return
                }
                defer { freeaddrinfo(list) }
                var addresses: [NetworkAddress] = []
                var next = list
                while let entry = next {
                    if let address = entry.pointee.ai_addr {
                        switch Int32(address.pointee.sa_family) {
                        case AF_INET:
                            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                                var value = v4.pointee.sin_addr
                                addresses.append(NetworkAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                            }
                        case AF_INET6:
                            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                                var value = v6.pointee.sin6_addr
                                addresses.append(NetworkAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                            }
                        default: break
                        }
                    }
                    next = entry.pointee.ai_next
                }
                continuation.resume(returning: addresses)
            }
        }
    }
}
