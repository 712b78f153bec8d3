import Testing

@testable import QRCode

@Suite("Masks and penalty rules")
struct MaskTests {
    /// A grid from rows of "#" (dark) and "." (light).
    private func grid(_ rows: [String]) -> (modules: [Bool], size: Int) {
        (rows.joined().map { $0 == "#" }, rows.count)
    }

    @Test("The eight masks invert the modules table 10 gives, at the first rows and columns")
    func maskPatterns() {
        let firstRowsOfEachMask = [
            "#.#.#.", "######", "#..#..", "#..#..", "###...", "######", "######", "#.#.#.",
        ]
        let secondRows = [
            ".#.#.#", "......", "#..#..", "..#..#", "###...", "#.....", "###...", "...###",
        ]
        for mask in QRMask.all {
            let first = String((0..<6).map { mask.inverts(x: $0, y: 0) ? "#" : "." })
            let second = String((0..<6).map { mask.inverts(x: $0, y: 1) ? "#" : "." })
            #expect(first == firstRowsOfEachMask[mask.pattern], "mask \(mask.pattern)")
            #expect(second == secondRows[mask.pattern], "mask \(mask.pattern)")
        }
    }

    @Test("Rule 1: a run of five scores 3, each module more 1 more; shorter runs nothing")
    func runPenalty() {
        // Rows: a run of 7 (5 points), runs of 4 and 3 (nothing). Columns alternate: nothing.
        let (modules, size) = grid([
            "#######",
            "....###",
            "#######",
            "....###",
            "#######",
            "....###",
            "#######",
        ])
        // Rows 0, 2, 4, 6: 7 dark, 5 each. Columns 4...6: 7 dark, 5 each.
        #expect(QRMask.runPenalty(modules, size: size) == 4 * 5 + 3 * 5)
    }

    @Test("Rule 2: each 2×2 block of one colour scores 3, overlapping blocks each")
    func blockPenalty() {
        let (modules, size) = grid([
            "###.",
            "###.",
            "#.#.",
            ".#.#",
        ])
        #expect(QRMask.blockPenalty(modules, size: size) == 2 * 3)
    }

    @Test("Rule 3: 1:1:3:1:1 with four light modules on one side scores 40; without them nothing")
    func finderLikePenalty() {
        let row = "#.###.#....#"
        let quiet = String(repeating: ".", count: row.count)
        let (modules, size) = grid([row] + [String](repeating: quiet, count: row.count - 1))
        #expect(QRMask.finderLikePenalty(modules, size: size) == 40)
        // The same 1:1:3:1:1 core, with dark modules within four on both sides.
        let (busy, busySize) = grid(["###.###.###."] + [String](repeating: quiet, count: row.count - 1))
        #expect(QRMask.finderLikePenalty(busy, size: busySize) == 0)
    }

    @Test("Rule 4: 10 points for every full 5 % away from half dark")
    func balancePenalty() {
        func modules(dark: Int, of total: Int) -> [Bool] { (0..<total).map { $0 < dark } }
        #expect(QRMask.balancePenalty(modules(dark: 50, of: 100), size: 10) == 0)
        #expect(QRMask.balancePenalty(modules(dark: 54, of: 100), size: 10) == 0)
        #expect(QRMask.balancePenalty(modules(dark: 55, of: 100), size: 10) == 10)
        #expect(QRMask.balancePenalty(modules(dark: 39, of: 100), size: 10) == 20)
        #expect(QRMask.balancePenalty(modules(dark: 0, of: 100), size: 10) == 100)
    }

    @Test("The chosen mask has the lowest penalty of the eight")
    func chosenMaskIsTheCheapest() throws {
        for text in ["https://example.com/a", "hello world", String(repeating: "xyz", count: 100)] {
            let code = try QRCode(encoding: text)
            var penalties: [Int] = []
            var matrix = QRMatrix(version: code.version)
            matrix.placeCodewords(
                QRCode.codewords(
                    Array(text.utf8), declaringUTF8: false,
                    capacity: QRCapacity(version: code.version, correction: code.correction)))
            for mask in QRMask.all {
                matrix.apply(mask)
                matrix.drawFormatBits(QRFormatInformation.formatBits(correction: code.correction, mask: mask.pattern))
                penalties.append(QRMask.penalty(matrix.modules, size: matrix.size))
                matrix.apply(mask)
            }
            #expect(penalties[code.mask] == penalties.min())
        }
    }
}
