#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port nothing listens on right now on 127.0.0.1, for TCP (and, in practice, UDP): the
/// kernel picks it for a socket bound to port 0, which is then closed.
public func freeLoopbackPort() async throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw NoFreePort(errno: errno) }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
        }
    }
    guard bound else { throw NoFreePort(errno: errno) }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// The system would not hand out a loopback port (its `errno`).
public struct NoFreePort: Error {
    public var errno: Int32
}
