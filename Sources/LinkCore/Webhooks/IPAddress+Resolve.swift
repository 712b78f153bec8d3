import Dispatch
import GeoIP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IPAddress {
    /// The addresses `host` (a URL's host: a name, or an IP literal with or without brackets,
    /// ``IPAddress/init(host:)``) leads to: the literal's address, else what the system's
    /// resolver answers for the name (off the cooperative threads); empty when it answers none.
    /// What the webhook SSRF rule checks and a delivery connects to.
    package static func resolve(_ host: String) async -> [IPAddress] {
        if let literal = IPAddress(host: host) { return [literal] }
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
                var addresses: [IPAddress] = []
                var next = list
                while let entry = next {
                    if let address = entry.pointee.ai_addr {
                        // The socket address's bytes, in network order, as they are: no text between.
                        switch Int32(address.pointee.sa_family) {
                        case AF_INET:
                            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                                var value = v4.pointee.sin_addr
                                withUnsafeBytes(of: &value) { addresses.append(IPAddress(bytes: $0)!) }
                            }
                        case AF_INET6:
                            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                                var value = v6.pointee.sin6_addr
                                withUnsafeBytes(of: &value) { addresses.append(IPAddress(bytes: $0)!) }
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
