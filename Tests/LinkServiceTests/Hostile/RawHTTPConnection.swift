import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to 127.0.0.1 that sends exactly the bytes it is given: for requests no HTTP
/// client would send (NUL in the path, garbage request lines, invalid UTF-8, bare CR). Blocking
/// calls run off Swift's cooperative threads.
final class RawHTTPConnection: @unchecked Sendable {
    // Used by one test at a time; the descriptor is closed once.
    private let descriptor: Int32
    private var closed = false

    enum Failure: Error {
        case connect(Int32)
    }

    init(port: Int, timeout: TimeInterval = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // NIO's address, not a `sockaddr_in` spelled here: which module's declaration of that C
        // type the compiler picks depends on what else the target imports.
        let address = try SocketAddress(ipAddress: "127.0.0.1", port: port)
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result = address.withSockAddr { connect(descriptor, $0, socklen_t($1)) }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw Failure.connect(errno)
        }
    }

    deinit { close() }

    /// Sends `bytes` (as far as the server takes them: it may close early).
    func send(_ bytes: [UInt8]) async {
        await Self.offThread { self.sendNow(bytes) }
    }

    /// ``send(_:)`` on the calling thread, blocking it.
    func sendNow(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(self.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Reads until the server closes, `limit` bytes, the read timeout, or a whole response (its
    /// head and the body its `Content-Length` announces).
    func receive(limit: Int = 1 << 20) async -> [UInt8] {
        await Self.offThread { self.receiveNow(limit: limit) }
    }

    /// ``receive(limit:)`` on the calling thread, blocking it.
    func receiveNow(limit: Int = 1 << 20) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < limit {
            let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
            if Self.isComplete(received) { break }
        }
        return received
    }

    /// Sends `bytes`, then reads the answer; its status code, or `nil` when the server closed
    /// without answering.
    func exchange(_ bytes: [UInt8]) async -> (status: Int?, text: String) {
        await send(bytes)
        let answer = await receive()
        let text = String(decoding: answer, as: UTF8.self)
        return (Self.status(of: text), text)
    }

    /// Waits (up to the read timeout) for the server to close the connection, reading and
    /// dropping whatever it sends first; `false` when the connection is still open.
    func closedByServer() async -> Bool {
        await Self.offThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return true }
                if count < 0 { return errno == ECONNRESET }
            }
        }
    }

    /// Whether the connection is still open now (nothing waiting to be read, and not closed by
    /// the server), without waiting.
    var isOpen: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    static func status(of text: String) -> Int? {
        guard text.hasPrefix("HTTP/1."), text.count >= 12 else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// Whether `bytes` hold a whole response: the head and as much body as it announced.
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<headEnd.lowerBound].lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return !head.contains("transfer-encoding: chunked") || text.hasSuffix("0\r\n\r\n") }
        return bytes.count >= text[..<headEnd.upperBound].utf8.count + length
    }

    private static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
