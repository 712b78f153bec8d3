extension MaxMindDatabase {
    /// Walks the search tree with the address's bits: the offset of its record in the data
    /// section, or nil when its network has none. At most 128 steps, whatever the tree holds.
    func dataOffset(of address: IPAddress, in raw: UnsafeRawBufferPointer) throws -> Int? {
        let nodeCount = metadata.nodeCount
        var node: Int
        var bitCount: Int
        var high: UInt64
        var low: UInt64
        if let ipv4 = address.ipv4Value {
            node = metadata.ipVersion == 6 ? ipv4Start : 0
            bitCount = 32
            high = UInt64(ipv4) << 32
            low = 0
        } else {
            guard metadata.ipVersion == 6 else { throw MaxMindError.ipv6InIPv4Database }
            node = 0
            bitCount = 128
            high = address.high
            low = address.low
        }
        while bitCount > 0, node < nodeCount {
            node = Self.record(raw, metadata, node: node, bit: Int(high >> 63))
            high = high << 1 | low >> 63
            low <<= 1
            bitCount -= 1
        }
        if node == nodeCount { return nil }
        guard node > nodeCount else {
            throw MaxMindError.corruptSearchTree(
                "the tree is deeper than the address has bits (node \(node) after the last bit)")
        }
        let offset = node - nodeCount - 16
        guard offset >= 0, offset < dataRange.count else {
            throw MaxMindError.corruptSearchTree(
                "a record points to \(offset), outside the data section's \(dataRange.count) bytes")
        }
        return offset
    }

    /// The left (`bit` 0) or right record of `node`, which must be less than the node count (the
    /// initializer checked that the tree fits in the file).
    @inline(__always)
    static func record(_ raw: UnsafeRawBufferPointer, _ metadata: MaxMindMetadata, node: Int, bit: Int) -> Int {
        func bytes(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for index in start..<(start + count) { value = value << 8 | Int(raw[index]) }
            return value
        }
        switch metadata.recordSize {
        case 24:
            return bytes(node * 6 + bit * 3, 3)
        case 28:
            let base = node * 7
            let middle = Int(raw[base + 3])
            return bit == 0
                ? (middle & 0xF0) << 20 | bytes(base, 3)
                : (middle & 0x0F) << 24 | bytes(base + 4, 3)
        default:
            return bytes(node * 8 + bit * 4, 4)
        }
    }
}
