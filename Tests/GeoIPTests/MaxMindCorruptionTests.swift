import Foundation
import Testing

@testable import GeoIP

/// Corrupt files end in a typed error, never a trap, a hang or a runaway allocation. The variants
/// are made from mmdb-writer's `corruptible.mmdb`: its record for 1.1.1.0/24 is overwritten with a
/// pointer to the 400 bytes of its `pad` string, where each test writes the corrupt value.
@Suite("MaxMind DB reader on corrupt files", .enabled(if: MMDBFixtures.isAvailable, MMDBFixtures.skipNote))
struct MaxMindCorruptionTests {
    static let original = MMDBFixtures.bytes("corruptible.mmdb")
    static let victim = IPAddress(ipv4: 0x0101_0101)  // 1.1.1.1
    static let bystander = IPAddress(ipv4: 0x0202_0202)  // 2.2.2.2

    /// The file with `value` written over the pad string, and 1.1.1.1's record pointing at it.
    /// `value` may refer to its own start as `pad` (offsets are the data section's).
    static func file(with value: (_ pad: Int) -> [UInt8]) throws -> [UInt8] {
        var bytes = original
        let database = try MaxMindDatabase(bytes: bytes)
        let dataStart = database.dataRange.lowerBound
        let record = try #require(try bytes.withUnsafeBytes { try database.dataOffset(of: victim, in: $0) })
        let padding = [UInt8](repeating: UInt8(ascii: "p"), count: 400)
        let padStart = try #require(bytes.firstRange(of: padding)?.lowerBound) - dataStart
        let crafted = value(padStart)
        #expect(crafted.count <= 400 && padStart < 2048)
        bytes.replaceSubrange((dataStart + padStart)..<(dataStart + padStart + crafted.count), with: crafted)
        // The record's map is replaced by a two-byte pointer to the pad: 001 00 VVV, then a byte.
        bytes[dataStart + record] = 0x20 | UInt8(padStart >> 8)
        bytes[dataStart + record + 1] = UInt8(padStart & 0xFF)
        return bytes
    }

    static func pointer(to offset: Int) -> [UInt8] { [0x20 | UInt8(offset >> 8), UInt8(offset & 0xFF)] }

    /// The corrupt values, each with a word its error message must contain.
    static let variants: [(name: String, expected: String, value: @Sendable (Int) -> [UInt8])] = [
        ("a pointer to a pointer (to itself)", "another pointer", { pad in pointer(to: pad) }),
        (
            "a map whose value points back at the map", "nest more than",
            { pad in [0xE1, 0x41, 0x6B] + pointer(to: pad) }
        ),
        (
            "a map value pointing past the section's end", "past the section",
            { _ in
                [0xE1, 0x41, 0x6B, 0x38, 0xFF, 0xFF, 0xFF, 0xFF]
            }
        ),
        ("a string longer than the file", "runs past", { _ in [0x5F, 0xFF, 0xFF, 0xFF] }),
        ("a map claiming 16 million entries", "cannot fit", { _ in [0xFF, 0xFF, 0xFF, 0xFF] }),
        ("a data cache container as a value", "not a value", { _ in [0x00, 0x05] }),
        ("an end marker as a value", "not a value", { _ in [0x00, 0x06] }),
        ("an extended type past 15", "extended type", { _ in [0x00, 0x09] }),
        ("an extended type of 0", "extended type", { _ in [0x00, 0x00] }),
        ("a double of 4 bytes", "not a valid size", { _ in [0x64, 0, 0, 0, 0] }),
        ("an int32 of 5 bytes", "not a valid size", { _ in [0x05, 0x01, 1, 2, 3, 4, 5] }),
        ("a boolean of size 2", "0 or 1", { _ in [0x02, 0x07] }),
        ("a string that is not UTF-8", "UTF-8", { _ in [0x42, 0xC3, 0x28] }),
        ("a map key that is not a string", "key is not a string", { _ in [0xE1, 0xA1, 0x05, 0x41, 0x78] }),
        (
            "arrays nested 100 deep", "nest more than",
            { _ in Array([[UInt8]](repeating: [0x01, 0x04], count: 100).joined()) }
        ),
        (
            "six layers of ten pointers to the layer below (a million values)", "100,000 values",
            { pad in
                // Each layer is an array of ten pointers to the next; the last is the string "x".
                var bytes: [UInt8] = []
                for layer in 0..<6 {
                    bytes +=
                        [0x0A, 0x04]
                        + Array([[UInt8]](repeating: pointer(to: pad + 22 * (layer + 1)), count: 10).joined())
                }
                return bytes + [0x41, 0x78]
            }
        ),
    ]

    @Test("A corrupt value is a corrupt-data error from lookup, and no country", arguments: 0..<variants.count)
    func corruptValue(index: Int) throws {
        let variant = Self.variants[index]
        let bytes = try Self.file(with: variant.value)
        let database = try MaxMindDatabase(bytes: bytes)
        let error = try #require(throws: MaxMindError.self, "\(variant.name)") { try database.lookup(Self.victim) }
        #expect(error.code == .corruptData, "\(variant.name): \(error)")
        #expect(error.message.contains(variant.expected), "\(variant.name): \(error)")
        // The country path reads less of the record: it may see nothing wrong, but never a country.
        #expect(database.countryCode(for: Self.victim) == nil, "\(variant.name)")
        // The rest of the file is untouched.
        #expect(database.countryCode(for: Self.bystander) == "IT", "\(variant.name)")
    }

    @Test("A map under 'country' that points back at itself ends; the country is unknown")
    func countryCycle() throws {
        // {"country": <pointer to this map>}
        let bytes = try Self.file { pad in [0xE1, 0x47] + Array("country".utf8) + Self.pointer(to: pad) }
        let database = try MaxMindDatabase(bytes: bytes)
        #expect(database.countryCode(for: Self.victim) == nil)
        #expect(throws: MaxMindError.self) { try database.lookup(Self.victim) }
    }

    @Test("Every prefix of a file is refused with a typed error, or read without trapping")
    func everyPrefix() {
        let original = Self.original
        var refused = 0
        for length in 0..<original.count {
            do {
                let database = try MaxMindDatabase(bytes: Array(original[..<length]))
                for address in [Self.victim, Self.bystander, IPAddress(ipv6High: 0x2001_0db8_0000_0000, low: 1)] {
                    _ = try? database.lookup(address)
                    _ = database.countryCode(for: address)
                }
            } catch {
                refused += 1
            }
        }
        #expect(refused == original.count, "without its end, no file has metadata")
    }

    @Test("A search tree cut short is refused when the file is opened")
    func truncatedTree() throws {
        // More than the data section's 454 bytes gone: the tree no longer fits before the metadata.
        let error = try #require(throws: MaxMindError.self) {
            try MaxMindDatabase(bytes: Array(Self.original.dropFirst(600)))
        }
        #expect(error.code == .corruptSearchTree)
        #expect(error.message.contains("cut short"))
    }

    @Test("A data section cut short: records past its end are corrupt-search-tree errors")
    func truncatedData() throws {
        let database = try MaxMindDatabase(bytes: Self.original)
        let range = database.dataRange
        // Keep the tree, the separator and 10 bytes of data, then the metadata.
        let bytes = Array(Self.original[..<(range.lowerBound + 10)] + Self.original[range.upperBound...])
        let cut = try MaxMindDatabase(bytes: bytes)
        let error = try #require(throws: MaxMindError.self) { try cut.lookup(Self.bystander) }
        #expect(error.code == .corruptSearchTree)
        #expect(cut.countryCode(for: Self.bystander) == nil)
    }

    @Test("A tree record pointing past the data section is a corrupt-search-tree error")
    func recordOutsideData() throws {
        var bytes = Self.original
        // Node 0's two 24-bit records: the largest value, far past the data section.
        bytes.replaceSubrange(0..<6, with: [UInt8](repeating: 0xFF, count: 6))
        let database = try MaxMindDatabase(bytes: bytes)
        let error = try #require(throws: MaxMindError.self) { try database.lookup(Self.bystander) }
        #expect(error.code == .corruptSearchTree)
        #expect(error.message.contains("outside the data section"))
    }

    @Test("Files that are not MaxMind DB files, or whose metadata lacks what the reader needs, are refused")
    func notADatabase() throws {
        let noMarker = try #require(throws: MaxMindError.self) { try MaxMindDatabase(bytes: Array("hello".utf8)) }
        #expect(noMarker.code == .noMetadata)
        let marker: [UInt8] = [0xAB, 0xCD, 0xEF] + Array("MaxMind.com".utf8)
        let empty = try #require(throws: MaxMindError.self) { try MaxMindDatabase(bytes: marker + [0xE0]) }
        #expect(empty.code == .invalidMetadata)
        #expect(empty.message.contains("binary_format_major_version is missing"))
        let notAMap = try #require(throws: MaxMindError.self) { try MaxMindDatabase(bytes: marker + [0x41, 0x78]) }
        #expect(notAMap.code == .invalidMetadata)
        let nothing = try #require(throws: MaxMindError.self) { try MaxMindDatabase(bytes: marker) }
        #expect(nothing.code == .corruptData)
    }
}
