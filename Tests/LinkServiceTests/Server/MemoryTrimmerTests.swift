#if canImport(Glibc)
    import Foundation
    import Glibc
    import Testing

    import LinkCore
    import LinkDelivery
    import LinkStorage
    import LinkService

    @Suite("Memory trimmer")
    struct MemoryTrimmerTests {
        @Test("memory freed below a live block stays resident until trimmed, then goes back to the system")
        func freedMemoryReturnsWhenTrimmed() throws {
            let blockSize = 4096
            let blocks = (0..<16_384).map { _ in malloc(blockSize)! }  // 64 MB, touched below
            for block in blocks { memset(block, 1, blockSize) }
            // The last block stays allocated, so the freed ones are a hole below it that glibc's
            // `free` keeps (it gives back only the top of a heap).
            for block in blocks.dropLast() { free(block) }
            let beforeTrim = try residentBytes()
            #expect(MemoryTrimmer.trimNow())
            let afterTrim = try residentBytes()
            free(blocks.last!)
            // Other tests allocate meanwhile; half of the hole is a margin no neighbour fills.
            #expect(beforeTrim - afterTrim > 32 << 20, "RSS \(beforeTrim) → \(afterTrim) bytes")
        }

        @Test("an interval of zero runs no trimmer")
        func zeroIntervalRunsNone() {
            #expect(MemoryTrimmer(interval: .zero) == nil)
            #expect(MemoryTrimmer(interval: .seconds(10)) != nil)
        }

        /// Resident pages of this process, from `/proc/self/statm` (second field).
        private func residentBytes() throws -> Int {
            let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
            let fields = statm.split(separator: " ")
            return Int(fields[1])! * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    }
#endif
