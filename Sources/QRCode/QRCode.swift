/// A QR code (ISO/IEC 18004 Model 2) of a text: byte mode, UTF-8, the smallest version from 1 to
/// 40 that holds the text at the requested error correction level, and the mask with the lowest
/// penalty by the standard's four rules. Render it with ``svg(size:quietZone:)`` or
/// ``png(size:quietZone:)``, or read the modules with ``isDark(x:y:)``.
///
/// Text with characters beyond ASCII starts with the ECI designator for UTF-8 (000026, 12 bits),
/// so readers do not guess a legacy character set (zbar reads unmarked "ä" as Shift JIS); ASCII
/// text, every URL among it, goes without, the same in every character set and reader.
public struct QRCode: Sendable {
    /// How much of the symbol can be damaged and still read: about 7 % (L), 15 % (M), 25 % (Q)
    /// or 30 % (H) of the codewords. Higher levels hold less text in the same version.
    public enum ErrorCorrection: String, Sendable, CaseIterable {
        case low = "L"
        case medium = "M"
        case quartile = "Q"
        case high = "H"
    }

    /// 1...40; the symbol has 17 + 4 × version modules per side.
    public let version: Int
    public let correction: ErrorCorrection
    /// The encoded text, for the SVG's title.
    let text: String
    /// The chosen mask pattern, 0...7.
    let mask: Int
    /// Row-major; `true` is dark.
    private let modules: [Bool]

    /// Modules per side, 17 + 4 × ``version``, without the quiet zone.
    public var size: Int { 17 + 4 * version }

    /// Encodes `text` in byte mode as UTF-8 in the smallest version that holds it.
    ///
    /// Throws ``QRCodeError`` when the text has more bytes than version 40 holds at `correction`
    /// (2,953 at L, 2,331 at M, 1,663 at Q, 1,273 at H; a byte or two fewer for non-ASCII text).
    public init(encoding text: String, correction: ErrorCorrection = .medium) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        let declaresUTF8 = bytes.contains { $0 >= 0x80 }
        guard
            let capacity = (1...40).lazy.map({ QRCapacity(version: $0, correction: correction) })
                .first(where: { $0.byteCapacity(declaringUTF8: declaresUTF8) >= bytes.count })
        else {
            let largest = QRCapacity(version: 40, correction: correction)
            throw .tooLong(
                bytes: bytes.count, max: largest.byteCapacity(declaringUTF8: declaresUTF8), correction: correction)
        }
        self.init(text: text, bytes: bytes, declaresUTF8: declaresUTF8, capacity: capacity)
    }

    private init(text: String, bytes: [UInt8], declaresUTF8: Bool, capacity: QRCapacity) {
        self.text = text
        version = capacity.version
        correction = capacity.correction
        var matrix = QRMatrix(version: version)
        matrix.placeCodewords(QRCode.codewords(bytes, declaringUTF8: declaresUTF8, capacity: capacity))
        var best = (mask: 0, penalty: Int.max)
        for mask in QRMask.all {
            matrix.apply(mask)
            matrix.drawFormatBits(QRFormatInformation.formatBits(correction: correction, mask: mask.pattern))
            let penalty = QRMask.penalty(matrix.modules, size: matrix.size)
            if penalty < best.penalty { best = (mask.pattern, penalty) }
            matrix.apply(mask)
        }
        let chosen = best.mask
        matrix.apply(QRMask(pattern: chosen))
        matrix.drawFormatBits(QRFormatInformation.formatBits(correction: correction, mask: chosen))
        mask = chosen
        modules = matrix.modules
    }

    /// Whether the module in column `x`, row `y` (from the top left, 0-based) is dark. Outside the
    /// symbol, where the quiet zone is, every module is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// Whole pixels per module when the symbol and a `quietZone` of light modules on each side
    /// are drawn in about `pixels` pixels: `pixels / (size + 2 × quietZone)` rounded to the
    /// nearest whole number, and at least 1. The image is never blurred, and is within half a
    /// module of the size asked for (unless that is less than one pixel per module).
    func pixelsPerModule(size pixels: Int, quietZone: Int) -> Int {
        let modulesAcross = size + 2 * max(0, quietZone)
        return max(1, (pixels + modulesAcross / 2) / modulesAcross)
    }

    /// The final codeword sequence: the data stream cut into blocks, each block's Reed-Solomon
    /// codewords, then data and error correction interleaved block by block (7.6).
    static func codewords(_ bytes: [UInt8], declaringUTF8: Bool, capacity: QRCapacity) -> [UInt8] {
        var buffer = BitBuffer()
        if declaringUTF8 {
            buffer.append(0b0111, bits: 4)  // ECI mode
            buffer.append(26, bits: 8)  // ECI 000026: UTF-8
        }
        buffer.append(0b0100, bits: 4)  // byte mode
        buffer.append(bytes.count, bits: capacity.characterCountBits)
        for byte in bytes { buffer.append(Int(byte), bits: 8) }
        let dataBits = capacity.dataCodewords * 8
        buffer.append(0, bits: min(4, dataBits - buffer.count))
        buffer.append(0, bits: (8 - buffer.count % 8) % 8)
        var data = buffer.bytes
        for index in 0..<(capacity.dataCodewords - data.count) { data.append(index % 2 == 0 ? 0xEC : 0x11) }
        return interleave(data, capacity: capacity)
    }

    /// Splits `data` into the version's blocks (the shorter ones first, as the standard orders
    /// them), adds each block's error correction, and interleaves.
    static func interleave(_ data: [UInt8], capacity: QRCapacity) -> [UInt8] {
        let blockCount = capacity.blockCount
        let eccLength = capacity.errorCorrectionPerBlock
        let shortDataLength = capacity.totalCodewords / blockCount - eccLength
        let longBlocks = capacity.totalCodewords % blockCount
        let encoder = ReedSolomon(degree: eccLength)
        var dataBlocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var start = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block >= blockCount - longBlocks ? 1 : 0)
            let blockData = Array(data[start..<(start + length)])
            start += length
            dataBlocks.append(blockData)
            eccBlocks.append(encoder.remainder(of: blockData))
        }
        var result: [UInt8] = []
        result.reserveCapacity(capacity.totalCodewords)
        for index in 0...shortDataLength {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<eccLength {
            for block in eccBlocks { result.append(block[index]) }
        }
        return result
    }
}
