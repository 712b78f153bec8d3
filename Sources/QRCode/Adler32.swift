/// Adler-32 (RFC 1950), the checksum that ends a zlib stream: two sums modulo 65521.
struct Adler32: Sendable {
    private var low: UInt32 = 1
    private var high: UInt32 = 0

    mutating func update(_ bytes: some Sequence<UInt8>) {
        // 5552 bytes is the most that can be summed before the 32-bit high sum could overflow.
        var pending = 0
        for byte in bytes {
            low += UInt32(byte)
            high += low
            pending += 1
            if pending == 5552 {
                low %= 65521
                high %= 65521
                pending = 0
            }
        }
        low %= 65521
        high %= 65521
    }

    var value: UInt32 { high << 16 | low }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}
