/// The module grid of one symbol while it is built: function patterns first (finders, separators,
/// timing, alignment, dark module, reserved format and version areas), then the codewords in the
/// standard's two-column zigzag, then a mask over the data modules only.
struct QRMatrix: Sendable {
    let version: Int
    let size: Int
    /// Row-major; `true` is dark.
    private(set) var modules: [Bool]
    /// Row-major; `true` where a function pattern is, which data placement and masks skip.
    private(set) var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// Centres of the alignment patterns along each axis (Annex E): the first is 6, the last
    /// size − 7, the rest evenly spaced by an even step between them.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let last = 4 * version + 10
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        return [6] + (0..<(count - 1)).map { last - step * (count - 2 - $0) }
    }

    // MARK: Function patterns

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(centerX: 3, centerY: 3)
        drawFinder(centerX: size - 4, centerY: 3)
        drawFinder(centerX: 3, centerY: size - 4)
        let positions = QRMatrix.alignmentPositions(version: version)
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                let overlapsFinder =
                    (i == 0 && j == 0) || (i == 0 && j == positions.count - 1) || (i == positions.count - 1 && j == 0)
                if !overlapsFinder { drawAlignment(centerX: x, centerY: y) }
            }
        }
        // Reserves the format areas (and places the dark module) now so data placement skips
        // them; the real bits are drawn once the mask is chosen.
        drawFormatBits(0)
        drawVersionBits()
    }

    /// A 7×7 finder with its light separator, clipped at the symbol's edge.
    private mutating func drawFinder(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx
                let y = centerY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunction(x, y, ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centerX: Int, centerY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(centerX + dx, centerY + dy, max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// Both copies of the 15 format bits, and the dark module beside the lower-left finder.
    mutating func drawFormatBits(_ bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        // Around the upper-left finder, skipping the timing patterns.
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        // Split between the upper-right and lower-left finders.
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    /// Both 6×3 copies of the version bits, for versions 7 and up.
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        let bits = QRFormatInformation.versionBits(version: version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    // MARK: Data

    /// Places the codewords, most significant bit first, in two-module columns from the right,
    /// alternately upwards and downwards, skipping the vertical timing column and function
    /// modules. Remainder bits stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for x in [right, right - 1] where !isFunction[y * size + x] && index < bitCount {
                    modules[y * size + x] = (codewords[index >> 3] >> UInt8(7 - (index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
        precondition(index == bitCount, "the codewords fill the symbol's data modules")
    }

    /// Inverts the data modules the mask selects; applying the same mask again undoes it.
    mutating func apply(_ mask: QRMask) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && mask.inverts(x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }
}
