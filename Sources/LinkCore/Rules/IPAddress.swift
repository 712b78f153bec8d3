import Foundation

/// An IPv4 or IPv6 address as bytes (4 or 16). An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`)
/// is read as the IPv4 address it carries, which is how a dual-stack socket reports IPv4 peers.
package struct IPAddress: Sendable, Hashable {
    package let bytes: [UInt8]

    package var isV4: Bool { bytes.count == 4 }

    /// Reads dotted IPv4 (`203.0.113.7`) or IPv6 text (`2001:db8::1`); `nil` for anything else.
    package init?(_ text: some StringProtocol) {
        if text.contains(":") {
            guard let bytes = Self.v6(Substring(text)) else { return nil }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
                self.bytes = Array(bytes[12...])
            } else {
                self.bytes = bytes
            }
        } else {
            guard let bytes = Self.v4(Substring(text)) else { return nil }
            self.bytes = bytes
        }
    }

    private static func v4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                part.utf8.count == 1 || part.utf8.first != UInt8(ascii: "0"),
                let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func v6(_ text: Substring) -> [UInt8]? {
        guard text.utf8.count <= 45 else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String, last: Bool) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if last, index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = Self.v4(piece) else { return nil }
                    bytes += v4
                    continue
                }
                guard (1...4).contains(piece.utf8.count), let value = UInt16(piece, radix: 16) else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
            }
            return bytes
        }
        if halves.count == 1 {
            guard let bytes = groups(halves[0], last: true), bytes.count == 16 else { return nil }
            return bytes
        }
        guard let head = groups(halves[0], last: false), let tail = groups(halves[1], last: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

/// An address or a network (CIDR) of an `ip` condition: `203.0.113.7`, `203.0.113.0/24`,
/// `2001:db8::/32`.
package struct IPRange: Sendable, Hashable {
    /// The text as written, which is what the API shows back.
    package let text: String
    package let network: IPAddress
    package let prefixLength: Int

    /// Reads an address or a CIDR network; `nil` when it is neither.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard (1...3).contains(parts[1].utf8.count), parts[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let value = Int(parts[1]), value <= bits
            else { return nil }
            // A mapped IPv6 network (`::ffff:10.0.0.0/104`) counts in IPv4 bits.
            length = parts[0].contains(":") && address.isV4 ? value - 96 : value
            guard length >= 0 else { return nil }
        }
        self.text = text
        self.network = address
        self.prefixLength = length
    }

    /// Whether `address` is this address, or in this network.
    package func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address.bytes, network.bytes) {
            guard remaining > 0 else { return true }
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if a & mask != b & mask { return false }
            remaining -= 8
        }
        return true
    }

    package static func == (lhs: IPRange, rhs: IPRange) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
