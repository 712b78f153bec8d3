import LinkCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rate-limit bucket of a client address: an IPv4 address as it is; an IPv6 address by its
/// /64 (`2001:db8:1:2::/64`), the prefix one subscriber or one host usually holds, so that
/// walking through the addresses of one's own prefix does not open a fresh bucket per request.
package enum RateLimitBucket {
    package static func key(for address: String) -> String {
        guard address.contains(":") else { return address }
        // Sixteen bytes rather than `in6_addr()`: with MemberImportVisibility its initializer is
        // attributed to NIO's CNIOLinux on Linux, which this file does not import.
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        return bytes.withUnsafeMutableBytes { raw -> String in
            // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) keeps its exact address.
            if raw.prefix(10).allSatisfy({ $0 == 0 }) && raw[10] == 0xFF && raw[11] == 0xFF {
                return raw[12...].map(String.init).joined(separator: ".")
            }
            for index in 8..<16 { raw[index] = 0 }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, raw.baseAddress, &text, socklen_t(text.count)) != nil else { return address }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/64"
        }
    }
}
