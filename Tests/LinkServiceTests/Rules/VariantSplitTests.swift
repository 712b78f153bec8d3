import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The A/B split follows its weights: the shares of 10,000 visits fit the weights by a chi-squared
/// test, and each roll lands in the variant whose share holds it.
@Suite("A/B split")
struct VariantSplitTests {
    @Test("rolls map to variants by their cumulative weights")
    func boundaries() {
        #expect(VariantSplit.pick([30, 70], roll: 0) == 0)
        #expect(VariantSplit.pick([30, 70], roll: 29) == 0)
        #expect(VariantSplit.pick([30, 70], roll: 30) == 1)
        #expect(VariantSplit.pick([30, 70], roll: 99) == 1)
        #expect(VariantSplit.pick([25, 25, 25, 25], roll: 75) == 3)
    }

    /// Upper 1% points of the chi-squared distribution by degrees of freedom (1 to 3): a statistic
    /// above them has p < 0.01.
    static let critical = [1: 6.635, 2: 9.210, 3: 11.345]

    @Test(
        "10,000 visits split by the weights (chi-squared, p > 0.01)",
        arguments: [[50, 50], [10, 90], [20, 30, 50], [25, 25, 25, 25], [1, 1, 1, 97]])
    func chiSquared(weights: [Int]) {
        let visits = 10_000
        var counts = [Int](repeating: 0, count: weights.count)
        // A seeded generator: the same 10,000 rolls every run, so the test cannot fail by chance
        // (a fair split fails p > 0.01 once in a hundred runs of random rolls).
        var generator = SplitMix64(seed: UInt64(weights.count * 1_000 + weights[0]))
        for _ in 0..<visits {
            counts[VariantSplit.pick(weights, roll: Int.random(in: 0..<100, using: &generator))] += 1
        }
        let statistic = zip(counts, weights).reduce(0.0) { sum, pair in
            let expected = Double(visits * pair.1) / 100
            return sum + (Double(pair.0) - expected) * (Double(pair.0) - expected) / expected
        }
        #expect(statistic < Self.critical[weights.count - 1]!, "counts \(counts) for weights \(weights)")
    }
}
