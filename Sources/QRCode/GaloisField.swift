/// Arithmetic in GF(256) with the QR code's reducing polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D),
/// the field Reed-Solomon error correction works in. Multiplication goes through logarithm tables
/// built once, with α = 2 as the generator.
enum GaloisField {
    /// αⁱ for i in 0..<510, so that the sum of two logarithms needs no reduction modulo 255.
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            table[index + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// logₐ(v) for v in 1...255; entry 0 is unused (zero has no logarithm).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for index in 0..<255 { table[Int(exponents[index])] = index }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// αⁿ.
    static func power(_ exponent: Int) -> UInt8 { exponents[exponent % 255] }
}
