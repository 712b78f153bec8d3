import Testing

@testable import QRCode

@Suite("Format and version information")
struct FormatInformationTests {
    @Test(
        "Format bits for mask 0 at each level match the standard's table C.1",
        arguments: [
            (QRCode.ErrorCorrection.low, 0b1110111_11000100),
            (.medium, 0b1010100_00010010),
            (.quartile, 0b0110101_01011111),
            (.high, 0b0010110_10001001),
        ])
    func formatBitsForMaskZero(correction: QRCode.ErrorCorrection, bits: Int) {
        #expect(QRFormatInformation.formatBits(correction: correction, mask: 0) == bits)
    }

    @Test("Format bits for level M and mask 5 are 100000011001110 (the standard's example in C.1)")
    func formatBitsWorkedExample() {
        #expect(QRFormatInformation.formatBits(correction: .medium, mask: 5) == 0b1000000_11001110)
    }

    @Test("Every two format words differ in at least 7 bits, so up to 3 bit errors are corrected")
    func formatWordsAreFarApart() {
        let words = QRCode.ErrorCorrection.allCases.flatMap { correction in
            (0..<8).map { QRFormatInformation.formatBits(correction: correction, mask: $0) }
        }
        #expect(Set(words).count == 32)
        for (index, a) in words.enumerated() {
            for b in words[(index + 1)...] { #expect((a ^ b).nonzeroBitCount >= 7) }
        }
    }

    @Test(
        "Version bits match the standard's table D.1",
        arguments: [(7, 0x07C94), (8, 0x085BC), (21, 0x15683), (32, 0x209D5), (40, 0x28C69)])
    func versionBits(version: Int, bits: Int) {
        #expect(QRFormatInformation.versionBits(version: version) == bits)
    }
}
