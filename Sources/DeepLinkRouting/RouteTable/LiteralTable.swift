/// The literal edges of the whole route trie in one open-addressing hash table keyed by
/// (parent node, segment bytes), with the key bytes in one arena.
///
/// A lookup hashes the segment's bytes where they lie in the URL and compares them in place: no
/// string is made, whatever the number of routes. Building inserts into the same table, so a
/// 100,000-route table makes no dictionary per node.
struct LiteralTable: Sendable {
    private struct Slot: Sendable {
        var hash: UInt64 = 0
        var parent: Int32 = -1
        var child: Int32 = -1
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
    }

    private var slots: [Slot] = Array(repeating: Slot(), count: 16)
    private var mask = 15
    private var count = 0
    private var keys: [UInt8] = []

    init() {}

    /// An empty table sized for about `capacity` edges (an upper bound: literal segments that
    /// share a parent share an edge, so it seldom has to grow).
    init(capacity: Int) {
        var size = 16
        while size < capacity { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
        keys.reserveCapacity(capacity * 8)
    }

    /// The child of `parent` along `key`, or -1; with `folding`, ASCII letters compare
    /// case-insensitively (keys were stored folded).
    @inline(__always)
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>, folding: Bool) -> Int32 {
        let hash = LiteralTable.hash(key, parent: parent, folding: folding)
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                var index = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let slot = slots[index]
                    if slot.parent < 0 { return -1 }
                    if slot.hash == hash, slot.parent == parent, Int(slot.keyLength) == key.count,
                        LiteralTable.equal(keys, Int(slot.keyStart), key, folding: folding)
                    {
                        return slot.child
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    /// Adds the edge from `parent` along `key` to `child`; the edge must be new.
    mutating func insert(parent: Int32, key: UnsafeBufferPointer<UInt8>, folding: Bool, child: Int32) {
        if (count + 1) * 2 > slots.count { grow() }
        let hash = LiteralTable.hash(key, parent: parent, folding: folding)
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].parent >= 0 { index = (index + 1) & mask }
        slots[index] = Slot(
            hash: hash, parent: parent, child: child, keyStart: Int32(keys.count), keyLength: Int32(key.count))
        if folding {
            for byte in key { keys.append(ASCII.lower(byte)) }
        } else {
            keys.append(contentsOf: key)
        }
        count += 1
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.parent >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].parent >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    @inline(__always)
    private static func equal(
        _ keys: UnsafeBufferPointer<UInt8>, _ start: Int, _ key: UnsafeBufferPointer<UInt8>, folding: Bool
    ) -> Bool {
        var offset = 0
        while offset < key.count {
            let byte = folding ? ASCII.lower(key[offset]) : key[offset]
            if keys[start + offset] != byte { return false }
            offset += 1
        }
        return true
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
