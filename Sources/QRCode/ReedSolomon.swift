/// Systematic Reed-Solomon encoding over ``GaloisField``: the error correction codewords of one
/// block are the remainder of the data polynomial, shifted by the degree, divided by the generator
/// polynomial (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
struct ReedSolomon: Sendable {
    /// The generator's coefficients without its leading 1, highest degree first.
    let generator: [UInt8]

    /// An encoder that makes `degree` error correction codewords per block.
    init(degree: Int) {
        precondition((1...255).contains(degree), "a Reed-Solomon degree is 1 to 255")
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        // Multiplies the running product by (x − αⁱ) for each i; in GF(256) minus is plus (xor).
        for exponent in 0..<degree {
            let root = GaloisField.power(exponent)
            for index in 0..<degree {
                coefficients[index] = GaloisField.multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
        }
        generator = coefficients
    }

    /// The error correction codewords for `data`.
    func remainder(of data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<generator.count {
                remainder[index] ^= GaloisField.multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
