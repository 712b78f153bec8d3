import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Random text")
struct RandomTextTests {
    @Test("a string has the length asked for and only the alphabet's characters")
    func lengthAndAlphabet() {
        for length in [0, 1, 7, 8, 9, 26, 64] {
            let text = RandomText.make(length: length, from: RandomText.lettersAndDigits)
            #expect(text.utf8.count == length)
            #expect(text.utf8.allSatisfy(RandomText.lettersAndDigits.contains))
        }
        #expect(RandomText.make(length: 40, from: Array("ab".utf8)).utf8.allSatisfy { $0 == 97 || $0 == 98 })
    }

    @Test("every character of the alphabet is about equally likely (no bias from skipped bytes)")
    func uniform() {
        // 62 characters, 620,000 draws: 10,000 expected each; a byte-modulo bias (the first 8
        // characters 5/4 as likely) would put those near 12,400. 5 standard deviations is ±500.
        var counts: [UInt8: Int] = [:]
        for _ in 0..<10_000 {
            for byte in RandomText.make(length: 62, from: RandomText.lettersAndDigits).utf8 {
                counts[byte, default: 0] += 1
            }
        }
        #expect(counts.count == 62)
        #expect(counts.values.allSatisfy { (9_500...10_500).contains($0) }, "\(counts.values.sorted())")
    }
}
