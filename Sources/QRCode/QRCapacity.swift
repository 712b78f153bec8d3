/// The standard's per-version, per-level figures (ISO/IEC 18004, table 9): how many codewords a
/// symbol has, how they split into Reed-Solomon blocks, and what that leaves for data.
struct QRCapacity: Sendable {
    let version: Int
    let correction: QRCode.ErrorCorrection

    /// Error correction codewords in each block.
    var errorCorrectionPerBlock: Int {
        QRCapacity.errorCorrectionCodewordsPerBlock[correction.tableRow][version - 1]
    }

    /// Blocks the codewords are split into.
    var blockCount: Int { QRCapacity.blocks[correction.tableRow][version - 1] }

    /// All codewords of the symbol, data and error correction.
    var totalCodewords: Int { QRCapacity.rawDataModules(version: version) / 8 }

    var dataCodewords: Int { totalCodewords - errorCorrectionPerBlock * blockCount }

    /// Bits of the byte mode character count indicator: 8 up to version 9, 16 from version 10.
    var characterCountBits: Int { version <= 9 ? 8 : 16 }

    /// The most bytes byte mode holds: the data codewords less the 4-bit mode indicator and the
    /// character count (table 7's byte column).
    var byteCapacity: Int { byteCapacity(declaringUTF8: false) }

    /// The most bytes byte mode holds, less 12 bits more when an ECI designator declares UTF-8.
    func byteCapacity(declaringUTF8: Bool) -> Int {
        (dataCodewords * 8 - (declaringUTF8 ? 12 : 0) - 4 - characterCountBits) / 8
    }

    /// Modules left for codewords (and remainder bits) once every function pattern, the format
    /// information and the version information are placed.
    static func rawDataModules(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentCount = version / 7 + 2
            modules -= (25 * alignmentCount - 10) * alignmentCount - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }

    /// Rows L, M, Q, H; columns versions 1...40.
    private static let errorCorrectionCodewordsPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Rows L, M, Q, H; columns versions 1...40.
    private static let blocks: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}

extension QRCode.ErrorCorrection {
    /// The row of the capacity tables.
    var tableRow: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two bits the format information carries (table 12): L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }
}
