/// CRC-32 as PNG (and zlib's gzip, but not zlib) uses it: reflected polynomial 0xEDB88320,
/// initial value and final xor 0xFFFFFFFF.
struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private var state: UInt32 = 0xFFFF_FFFF

    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            state = CRC32.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
        }
    }

    var value: UInt32 { state ^ 0xFFFF_FFFF }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
