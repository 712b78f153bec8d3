import NIOCore
import NIOPosix

/// A stub resolver: asks one recursive DNS server, over UDP and over TCP when the answer does
/// not fit a datagram, and follows aliases (CNAME) to the records asked for.
///
/// It exists for domain verification, which reads one TXT record now and then: no cache, no
/// search list, no EDNS. Each query has a fresh random ID and is checked to answer the question
/// asked, from the server asked (a connected socket takes datagrams from that address only).
///
/// ```swift
/// let resolver = try DNSResolver(address: "127.0.0.1:8053")
/// let values = try await resolver.textRecords(of: DNSName("_wayfinder-challenge.go.acme.com"))
/// ```
public struct DNSResolver: Sendable {
    /// The server asked.
    public let server: SocketAddress
    /// How long one attempt waits for its answer.
    public var timeout: Duration
    /// How many times a UDP query is sent before the lookup gives up.
    public var attempts: Int
    private let group: any EventLoopGroup

    /// The most aliases a lookup follows, as common resolvers do (glibc follows 8 or so).
    public static let maximumAliases = 8

    /// A resolver that asks `server`.
    public init(
        server: SocketAddress, timeout: Duration = .seconds(2), attempts: Int = 2,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.server = server
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.group = group
    }

    /// A resolver that asks the server at `address`: an IP address with an optional port
    /// (`127.0.0.1`, `127.0.0.1:8053`, `[::1]:53`), as `WAYFINDER_DNS_RESOLVER` is written.
    public init(
        address: String, timeout: Duration = .seconds(2), attempts: Int = 2,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws(DNSResolverError) {
        self.init(server: try Self.socketAddress(address), timeout: timeout, attempts: attempts, group: group)
    }

    /// The values of `name`'s TXT records, each record's strings joined; empty when the name
    /// or its TXT records do not exist.
    public func textRecords(of name: DNSName) async throws(DNSResolverError) -> [String] {
        try await records(.txt, of: name).compactMap(\.data.text)
    }

    /// `name`'s records of `type`, after its aliases; empty when there are none (NXDOMAIN or
    /// no data).
    public func records(_ type: DNSRecordType, of name: DNSName) async throws(DNSResolverError) -> [DNSRecord] {
        var chain = [name]
        var current = name
        while true {
            let answer = try await exchange(.query(id: .random(in: .min ... .max), name: current, type: type))
            switch answer.responseCode {
            case .noError: break
            case .nameError: return []
            default: throw .failed(answer.responseCode, name: current, server: "\(server)")
            }
            // A recursive server usually answers the alias and its target's records together;
            // a server that answers only the alias is asked again for the target.
            while true {
                let found = answer.answers.filter { $0.name == current && $0.type == type }
                if !found.isEmpty { return found }
                guard
                    let alias = answer.answers.first(where: { $0.name == current && $0.type == .cname }),
                    case .cname(let target) = alias.data
                else { return [] }
                chain.append(target)
                guard chain.count <= Self.maximumAliases + 1, !chain.dropLast().contains(target) else {
                    throw .aliasChain(chain)
                }
                current = target
                if !answer.answers.contains(where: { $0.name == target }) { break }
            }
        }
    }

    /// Sends `query` and answers the server's response: over UDP, again over TCP when the UDP
    /// answer is truncated.
    public func exchange(_ query: DNSMessage) async throws(DNSResolverError) -> DNSMessage {
        let bytes = query.encoded()
        var answer: [UInt8]?
        for _ in 0..<attempts {
            answer = try await within(timeout) { try await self.sendDatagram(bytes, id: query.id) }
            if answer != nil { break }
        }
        guard var bytes = answer else {
            throw .noAnswer(server: "\(server)", seconds: seconds(timeout) * Double(attempts))
        }
        if bytes.count >= 3, bytes[2] & 0x02 != 0 {
            guard let whole = try await within(timeout * 2, { try await self.sendStream(query.encoded()) }) else {
                throw .noAnswer(server: "\(server)", seconds: seconds(timeout * 2))
            }
            bytes = whole
        }
        let message: DNSMessage
        do {
            message = try DNSMessage(decoding: bytes)
        } catch {
            throw .malformedAnswer(error, server: "\(server)")
        }
        guard message.id == query.id, message.isResponse, message.questions == query.questions else {
            throw .malformedAnswer(.truncated(at: 0, reading: "an answer to another question"), server: "\(server)")
        }
        return message
    }

    /// Runs `body`, or answers `nil` after `limit`; errors become ``DNSResolverError``.
    private func within(_ limit: Duration, _ body: @escaping @Sendable () async throws -> [UInt8])
        async throws(DNSResolverError) -> [UInt8]?
    {
        do {
            return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
                group.addTask { try await body() }
                group.addTask {
                    try await Task.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch let error as DNSResolverError {
            throw error
        } catch is CancellationError {
            return nil
        } catch {
            throw .unreachable(server: "\(server)", reason: "\(error)")
        }
    }

    /// One datagram out, the first datagram back that answers `id`.
    private func sendDatagram(_ bytes: [UInt8], id: UInt16) async throws -> [UInt8] {
        let server = self.server
        let channel = try await DatagramBootstrap(group: group).connect(to: server) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>(
                    wrappingChannelSynchronously: channel)
            }
        }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(AddressedEnvelope(remoteAddress: server, data: ByteBuffer(bytes: bytes)))
            for try await envelope in inbound {
                let reply = Array(envelope.data.readableBytesView)
                // A datagram for an earlier, abandoned query on a reused port: not ours.
                guard reply.count >= 2, UInt16(reply[0]) << 8 | UInt16(reply[1]) == id else { continue }
                return reply
            }
            throw CancellationError()
        }
    }

    /// The query over TCP, each message preceded by its length (RFC 1035 §4.2.2).
    private func sendStream(_ bytes: [UInt8]) async throws -> [UInt8] {
        let channel = try await ClientBootstrap(group: group).connect(to: server) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
        return try await channel.executeThenClose { inbound, outbound in
            var framed = ByteBuffer()
            framed.writeInteger(UInt16(bytes.count))
            framed.writeBytes(bytes)
            try await outbound.write(framed)
            var received = ByteBuffer()
            for try await chunk in inbound {
                var chunk = chunk
                received.writeBuffer(&chunk)
                if let length = received.getInteger(at: received.readerIndex, as: UInt16.self),
                    received.readableBytes >= 2 + Int(length)
                {
                    return received.getBytes(at: received.readerIndex + 2, length: Int(length)) ?? []
                }
            }
            throw DNSResolverError.unreachable(
                server: "\(server)", reason: "the TCP connection closed before the answer")
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func socketAddress(_ text: String) throws(DNSResolverError) -> SocketAddress {
        var host = Substring(text)
        var port = 53
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .invalidServerAddress(text) }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { throw .invalidServerAddress(text) }
                port = number
            }
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            guard let number = Int(host[host.index(after: colon)...]) else { throw .invalidServerAddress(text) }
            port = number
            host = host[..<colon]
        }
        guard (1...65535).contains(port), let address = try? SocketAddress(ipAddress: String(host), port: port) else {
            throw .invalidServerAddress(text)
        }
        return address
    }
}
