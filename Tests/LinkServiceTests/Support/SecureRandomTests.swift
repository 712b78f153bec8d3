import LinkCore
import Testing

@Suite("Random bytes for the request path")
struct SecureRandomTests {
    @Test("draws across block refills never repeat a 16-byte value and use every byte value")
    func drawsAreFreshAcrossRefills() {
        var seen: Set<[UInt8]> = []
        var counts = [Int](repeating: 0, count: 256)
        // 2,000 draws of 16 bytes span eight 4 KiB blocks.
        for _ in 0..<2000 {
            let bytes = SecureRandom.bytes(16)
            #expect(bytes.count == 16)
            seen.insert(bytes)
            for byte in bytes { counts[Int(byte)] += 1 }
        }
        #expect(seen.count == 2000)
        // 32,000 bytes: each value is expected 125 times; none missing and none far off.
        #expect(counts.allSatisfy { (50...250).contains($0) })
    }

    @Test("draws larger than a block and the generator's words are filled whole")
    func largeDrawsAndWords() {
        let large = SecureRandom.bytes(10_000)
        #expect(large.count == 10_000)
        #expect(Set(large).count > 200)
        var generator = SecureRandom()
        let words = (0..<64).map { _ in generator.next() }
        #expect(Set(words).count == 64)
    }

    @Test("concurrent draws are each distinct")
    func concurrentDraws() async {
        let draws = await withTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<8 { group.addTask { (0..<500).map { _ in SecureRandom.bytes(16) } } }
            var all: [[UInt8]] = []
            for await part in group { all += part }
            return all
        }
        #expect(Set(draws).count == 4000)
    }
}
