/// A sequence of bits, most significant first, as the QR data stream is written: mode indicator,
/// character count, data, terminator, then whole codewords.
struct BitBuffer: Sendable {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the low `length` bits of `value`, highest first.
    mutating func append(_ value: Int, bits length: Int) {
        precondition(length >= 0 && length <= 31 && value >> length == 0, "\(value) does not fit in \(length) bits")
        for shift in stride(from: length - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as bytes; the count must be a multiple of 8.
    var bytes: [UInt8] {
        precondition(count % 8 == 0, "a bit buffer becomes bytes only at a byte boundary")
        var result = [UInt8](repeating: 0, count: count / 8)
        for (index, bit) in bits.enumerated() where bit {
            result[index >> 3] |= 0x80 >> UInt8(index & 7)
        }
        return result
    }
}
