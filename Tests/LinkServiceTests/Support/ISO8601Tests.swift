import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("RFC 3339 times")
struct ISO8601Tests {
    static let foundation = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    @Test(
        "times are written exactly as Foundation's ISO 8601 style writes them, milliseconds cut, as text or appended to bytes"
    )
    func sameAsFoundation() {
        var generator = SystemRandomNumberGenerator()
        let edges: [TimeInterval] = [
            0, 0.0004, 0.9995, 0.99999, -0.5, -1.0004, -86_400, 951_782_400, 951_868_799.9999, 1_800_000_000.1235,
            -62_135_596_800, -62_135_596_799.999, 253_402_300_799.999, 253_402_300_800, -62_135_596_801,
            0.9999996, 59.9999997, -0.0000004, -12_219_292_800, -12_219_292_801, -2_208_988_800, 1_800_000_000.123,
        ]
        let random = (0..<20_000).map { _ in
            TimeInterval(Int64.random(in: -62_135_596_800..<253_402_300_800, using: &generator))
                + Double.random(in: 0..<1, using: &generator)
        }
        for time in edges + random {
            let date = Date(timeIntervalSince1970: time)
            #expect(ISO8601.string(from: date) == date.formatted(Self.foundation), "\(time)")
            // Appended to bytes already there, as the flush writes a click event's time.
            var bytes = Array("x".utf8)
            ISO8601.write(date, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + date.formatted(Self.foundation), "\(time)")
        }
    }

    @Test("what is written reads back to the same millisecond")
    func readsBack() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.125)
        #expect(ISO8601.string(from: date) == "2027-01-15T08:00:00.125Z")
        let read = try #require(ISO8601.date(from: ISO8601.string(from: date)))
        #expect(abs(read.timeIntervalSince(date)) < 0.001)
    }
}
