import Testing

@testable import QRCode

@Suite("Reed-Solomon over GF(256)")
struct ReedSolomonTests {
    @Test("GF(256) reduces by 0x11D: α⁸ is 0x1D, and α²⁵⁵ is α⁰")
    func fieldReducesByTheQRPolynomial() {
        #expect(GaloisField.power(8) == 0x1D)
        #expect(GaloisField.power(255) == 1)
        #expect(GaloisField.multiply(0x80, 2) == 0x1D)
        for value in 1...255 {
            #expect(GaloisField.multiply(UInt8(value), 1) == UInt8(value))
        }
    }

    @Test("The degree-7 generator is the standard's α⁰, α⁸⁷, α²²⁹, α¹⁴⁶, α¹⁴⁹, α²³⁸, α¹⁰², α²¹ (Annex A)")
    func generatorOfDegreeSeven() {
        #expect(
            ReedSolomon(degree: 7).generator.map { GaloisField.logarithms[Int($0)] } == [
                87, 229, 146, 149, 238, 102, 21,
            ])
    }

    @Test("The standard's worked example \"01234567\" at 1-M gets its ten error correction codewords (Annex I)")
    func standardWorkedExample() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        #expect(
            ReedSolomon(degree: 10).remainder(of: data) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test("\"HELLO WORLD\" at 1-M gets the well-known codewords 196 35 39 119 235 215 231 226 93 23")
    func helloWorldExample() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon(degree: 10).remainder(of: data) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("A codeword followed by its remainder is divisible by the generator: re-encoding gives zeros")
    func codewordIsDivisible() {
        let encoder = ReedSolomon(degree: 22)
        let data = (0..<50).map { UInt8(($0 * 37 + 11) % 256) }
        let remainder = encoder.remainder(of: data)
        #expect(encoder.remainder(of: data + remainder) == [UInt8](repeating: 0, count: 22))
    }
}
