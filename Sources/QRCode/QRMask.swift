/// One of the eight data masks (ISO/IEC 18004 table 10) and the penalty rules (7.8.3) that choose
/// between them: the mask with the lowest penalty leaves the fewest patterns a reader could
/// mistake for a finder, and the most even balance of dark and light.
struct QRMask: Sendable, Hashable {
    /// 0...7, the mask pattern reference the format information carries.
    let pattern: Int

    static let all = (0..<8).map(QRMask.init(pattern:))

    /// Whether the mask inverts the module in column `x`, row `y`.
    func inverts(x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    // MARK: Penalty

    /// The sum of the four rules' penalties for a square grid of `size`×`size` modules, row-major,
    /// `true` dark.
    static func penalty(_ modules: [Bool], size: Int) -> Int {
        runPenalty(modules, size: size) + blockPenalty(modules, size: size)
            + finderLikePenalty(modules, size: size) + balancePenalty(modules, size: size)
    }

    /// Rule 1: each run of five or more same-coloured modules in a row or column scores 3, plus
    /// 1 for each module beyond five.
    static func runPenalty(_ modules: [Bool], size: Int) -> Int {
        var penalty = 0
        for vertical in [false, true] {
            for line in 0..<size {
                var run = 0
                var previous = false
                for position in 0..<size {
                    let dark = modules[vertical ? position * size + line : line * size + position]
                    if position > 0 && dark == previous {
                        run += 1
                    } else {
                        if run >= 5 { penalty += run - 2 }
                        previous = dark
                        run = 1
                    }
                }
                if run >= 5 { penalty += run - 2 }
            }
        }
        return penalty
    }

    /// Rule 2: each 2×2 block of one colour scores 3 (overlapping blocks count separately).
    static func blockPenalty(_ modules: [Bool], size: Int) -> Int {
        var penalty = 0
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if modules[y * size + x + 1] == colour && modules[(y + 1) * size + x] == colour
                    && modules[(y + 1) * size + x + 1] == colour
                {
                    penalty += 3
                }
            }
        }
        return penalty
    }

    /// Rule 3: each dark-light-dark-dark-dark-light-dark run (1:1:3:1:1) in a row or column with
    /// four light modules before or after it scores 40. Beyond the edge counts as light, as the
    /// quiet zone there is.
    static func finderLikePenalty(_ modules: [Bool], size: Int) -> Int {
        let core = [true, false, true, true, true, false, true]
        guard size >= core.count else { return 0 }
        var penalty = 0
        for vertical in [false, true] {
            for line in 0..<size {
                func isDark(_ position: Int) -> Bool {
                    guard (0..<size).contains(position) else { return false }
                    return modules[vertical ? position * size + line : line * size + position]
                }
                for start in 0...(size - core.count)
                where (0..<core.count).allSatisfy({ isDark(start + $0) == core[$0] }) {
                    let lightBefore = (start - 4..<start).allSatisfy { !isDark($0) }
                    let lightAfter = (start + 7..<start + 11).allSatisfy { !isDark($0) }
                    if lightBefore || lightAfter { penalty += 40 }
                }
            }
        }
        return penalty
    }

    /// Rule 4: 10 for every full 5 % the share of dark modules is away from 50 %.
    static func balancePenalty(_ modules: [Bool], size: Int) -> Int {
        let dark = modules.lazy.filter { $0 }.count
        let total = size * size
        return abs(dark * 2 - total) * 10 / total * 10
    }
}
