import Testing

@testable import QRCode

@Suite("Encoding")
struct QRCodeTests {
    /// Every boundary of every version is also checked by the zbarimg tests; these are the ones
    /// where the structure changes: the version information from 7, the 16-bit count from 10.
    @Test("Text exactly at a version's capacity takes that version; one byte more takes the next")
    func smallestVersionIsChosen() throws {
        for correction in QRCode.ErrorCorrection.allCases {
            for version in [1, 2, 6, 7, 9, 10, 26, 27, 39, 40] {
                let capacity = QRCapacity(version: version, correction: correction).byteCapacity
                let atCapacity = try QRCode(encoding: String(repeating: "a", count: capacity), correction: correction)
                #expect(atCapacity.version == version)
                #expect(atCapacity.size == 17 + 4 * version)
                guard version < 40 else { continue }
                let over = try QRCode(encoding: String(repeating: "a", count: capacity + 1), correction: correction)
                #expect(over.version == version + 1)
            }
        }
    }

    @Test("Medium is the default level; the empty text is a version 1 code")
    func defaults() throws {
        let code = try QRCode(encoding: "")
        #expect(code.correction == .medium)
        #expect(code.version == 1)
    }

    @Test("Text beyond version 40 is refused with the level's limit and what to do")
    func tooLongIsRefused() {
        #expect(throws: QRCodeError.self) {
            try QRCode(encoding: String(repeating: "a", count: 2954), correction: .low)
        }
        do {
            _ = try QRCode(encoding: String(repeating: "a", count: 2332), correction: .medium)
            Issue.record("2,332 bytes at M must not fit")
        } catch {
            #expect(error.byteCount == 2332)
            #expect(error.maximumByteCount == 2331)
            #expect(
                error.description
                    == "the text is 2332 bytes in UTF-8, but a QR code at error correction level M holds at most 2331 bytes; shorten the text, or choose a lower error correction level (L holds 2953 bytes)"
            )
        }
        #expect((try? QRCode(encoding: String(repeating: "a", count: 2331), correction: .medium))?.version == 40)
    }

    @Test("Non-ASCII text carries the UTF-8 ECI header, which costs capacity: 13 bytes fit 1-M, not 14")
    func nonASCIITextDeclaresUTF8() throws {
        // "é" is two bytes: 12 of "a" and one "é" are 14 bytes; 11 and one "é" are 13.
        #expect(try QRCode(encoding: String(repeating: "a", count: 11) + "é").version == 1)
        #expect(try QRCode(encoding: String(repeating: "a", count: 12) + "é").version == 2)
        #expect(try QRCode(encoding: String(repeating: "a", count: 14)).version == 1)
        let codewords = QRCode.codewords(
            Array("é".utf8), declaringUTF8: true, capacity: QRCapacity(version: 1, correction: .medium))
        // 0111 00011010 (ECI 26), then 0100 (byte mode) and the count 00000010.
        #expect(Array(codewords.prefix(3)) == [0b0111_0001, 0b1010_0100, 0b0000_0010])
    }

    @Test("The data stream of \"hello\" at 1-M: byte mode, count, bytes, terminator, then 0xEC 0x11 padding")
    func dataStreamLayout() {
        let capacity = QRCapacity(version: 1, correction: .medium)
        let codewords = QRCode.codewords(Array("hello".utf8), declaringUTF8: false, capacity: capacity)
        #expect(codewords.count == 26)
        #expect(
            Array(codewords.prefix(16)) == [
                0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
            ])
        #expect(Array(codewords.suffix(10)) == ReedSolomon(degree: 10).remainder(of: Array(codewords.prefix(16))))
    }

    @Test("Blocks interleave codeword by codeword, the longer blocks last (5-Q: 2×15 and 2×16 data codewords)")
    func interleaving() {
        let capacity = QRCapacity(version: 5, correction: .quartile)
        #expect(capacity.blockCount == 4)
        #expect(capacity.dataCodewords == 62)
        let data = (0..<62).map { UInt8($0) }
        let result = QRCode.interleave(data, capacity: capacity)
        #expect(result.count == 134)
        // Blocks start at 0, 15, 30 and 46; the 16th codewords exist only in blocks 3 and 4.
        #expect(Array(result.prefix(8)) == [0, 15, 30, 46, 1, 16, 31, 47])
        #expect(Array(result[56..<62]) == [14, 29, 44, 60, 45, 61])
        let block3 = Array(data[30..<46])
        let ecc = ReedSolomon(degree: 18).remainder(of: block3)
        #expect(result[62 + 2] == ecc[0])
        #expect(result[62 + 4 * 17 + 2] == ecc[17])
    }

    @Test("Finders, separators, timing patterns and the dark module are where the standard puts them")
    func functionPatterns() throws {
        let code = try QRCode(encoding: "https://example.com/structure", correction: .high)
        let last = code.size - 1
        for (x, y) in [(0, 0), (last - 6, 0), (0, last - 6)] {
            #expect(code.isDark(x: x, y: y) && code.isDark(x: x + 6, y: y + 6) && code.isDark(x: x + 3, y: y + 3))
            #expect(!code.isDark(x: x + 1, y: y + 1) && !code.isDark(x: x + 5, y: y + 5))
        }
        #expect(!code.isDark(x: 7, y: 7) && !code.isDark(x: last - 7, y: 7) && !code.isDark(x: 7, y: last - 7))
        for index in 8...(last - 8) {
            #expect(code.isDark(x: index, y: 6) == index.isMultiple(of: 2))
            #expect(code.isDark(x: 6, y: index) == index.isMultiple(of: 2))
        }
        #expect(code.isDark(x: 8, y: last - 7))
        #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 0, y: code.size) && !code.isDark(x: code.size, y: 3))
    }

    @Test("Both copies of the format information read back as the level and the chosen mask")
    func formatInformationIsPlacedTwice() throws {
        for correction in QRCode.ErrorCorrection.allCases {
            let code = try QRCode(encoding: "https://example.com/format", correction: correction)
            let expected = QRFormatInformation.formatBits(correction: correction, mask: code.mask)
            let last = code.size - 1
            // Bit 14 first: along row 8 left of the upper-left finder's corner, then up column 8.
            let firstCoordinates =
                [(0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8)] + [
                    (8, 7), (8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0),
                ]
            let secondCoordinates = (0..<7).map { (8, last - $0) } + (0..<8).map { (last - 7 + $0, 8) }
            for coordinates in [firstCoordinates, secondCoordinates] {
                let bits = coordinates.reduce(0) { $0 << 1 | (code.isDark(x: $1.0, y: $1.1) ? 1 : 0) }
                #expect(bits == expected, "level \(correction.rawValue)")
            }
        }
    }

    @Test("Version 7 and up carry the version bits in both 6×3 blocks")
    func versionInformationIsPlacedTwice() throws {
        let code = try QRCode(encoding: String(repeating: "v", count: 200), correction: .low)
        #expect(code.version == 9)
        let expected = QRFormatInformation.versionBits(version: 9)
        var upperRight = 0
        var lowerLeft = 0
        for index in (0..<18).reversed() {
            let a = code.size - 11 + index % 3
            let b = index / 3
            upperRight = upperRight << 1 | (code.isDark(x: a, y: b) ? 1 : 0)
            lowerLeft = lowerLeft << 1 | (code.isDark(x: b, y: a) ? 1 : 0)
        }
        #expect(upperRight == expected)
        #expect(lowerLeft == expected)
    }
}
