/// The literal edges of the whole route trie in one open-addressing hash table keyed by
/// (parent node, segment bytes), with the key bytes in one arena.
///
/// A lookup hashes the segment's bytes where they lie in the URL and compares them in place: no
/// string is made, whatever the number of routes.
struct LiteralTable: Sendable {
    private struct Slot: Sendable {
        var hash: UInt64 = 0
        var parent: Int32 = -1
        var child: Int32 = -1
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
    }

    private var slots: [Slot]
    private var mask: Int
    private var keys: [UInt8]

    /// A table for `edges`: (parent, folded key bytes, child) triples with unique (parent, key).
    init(_ edges: [(parent: Int32, key: [UInt8], child: Int32)]) {
        var capacity = 8
        while capacity < edges.count * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
        keys = []
        keys.reserveCapacity(edges.reduce(0) { $0 + $1.key.count })
        for edge in edges {
            let hash = edge.key.withUnsafeBufferPointer { LiteralTable.hash($0, parent: edge.parent, folding: false) }
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].parent >= 0 { index = (index + 1) & mask }
            slots[index] = Slot(hash: hash, parent: edge.parent, child: edge.child, keyStart: Int32(keys.count), keyLength: Int32(edge.key.count))
            keys.append(contentsOf: edge.key)
        }
    }

    /// The child of `parent` along `key`, or -1; with `folding`, ASCII letters compare
    /// case-insensitively (keys were stored folded).
    @inline(__always)
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>, folding: Bool) -> Int32 {
        let hash = LiteralTable.hash(key, parent: parent, folding: folding)
        return slots.withUnsafeBufferPointer { slots in
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = slots[index]
                if slot.parent < 0 { return -1 }
                if slot.hash == hash, slot.parent == parent, Int(slot.keyLength) == key.count, equal(slot, key, folding: folding) {
                    return slot.child
                }
                index = (index + 1) & mask
            }
        }
    }

    @inline(__always)
    private func equal(_ slot: Slot, _ key: UnsafeBufferPointer<UInt8>, folding: Bool) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            let start = Int(slot.keyStart)
            for index in 0..<key.count {
                let byte = folding ? ASCII.lower(key[index]) : key[index]
                if keys[start + index] != byte { return false }
            }
            return true
        }
    }

    /// FNV-1a over the (folded) bytes, mixed with the parent.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, parent: Int32, folding: Bool) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
        if folding {
            for byte in key { hash = (hash ^ UInt64(ASCII.lower(byte))) &* 0x0000_0100_0000_01B3 }
        } else {
            for byte in key { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        hash ^= hash >> 29
        return hash
    }
}
