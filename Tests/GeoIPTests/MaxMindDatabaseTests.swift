import Foundation
import GeoIP
import TestSupport
import Testing

@Suite("MaxMind DB reader", .enabled(if: MMDBFixtures.isAvailable, MMDBFixtures.skipNote))
struct MaxMindDatabaseTests {
    static let recordSizes = [24, 28, 32]

    func database(_ name: String) throws -> MaxMindDatabase {
        try MaxMindDatabase(bytes: MMDBFixtures.bytes(name))
    }

    func address(_ text: String) throws -> IPAddress {
        try #require(IPAddress(text), "\(text) should parse")
    }

    @Test(
        "Every data type reads back as mmdb-writer wrote it, with 24-, 28- and 32-bit records", arguments: recordSizes)
    func everyDataType(recordSize: Int) throws {
        let database = try database("types-\(recordSize).mmdb")
        #expect(database.metadata.recordSize == recordSize)
        let record = try #require(try database.lookup(address("1.1.1.1")))
        #expect(record["string"] == .string("héllo wörld"))
        #expect(record["empty_string"] == .string(""))
        #expect(record["long_string"] == .string(String(repeating: "x", count: 300)))
        #expect(record["double"] == .double(3.14159))
        #expect(record["float"] == .float(1.5))
        #expect(record["bytes"] == .bytes([0x00, 0x01, 0xFF]))
        #expect(record["uint16"] == .uint16(65535))
        #expect(record["uint32"] == .uint32(4_294_967_295))
        #expect(record["int32"] == .int32(-7))
        #expect(record["uint64"] == .uint64(.max))
        #expect(record["uint128"] == .uint128(high: .max, low: .max))
        #expect(record["small_uint128"] == .uint128(high: 0, low: 258))
        #expect(record["zero_uint32"] == .uint32(0))
        #expect(record["array"] == .array([.uint32(1), .string("two"), .array([.uint16(3)])]))
        #expect(record["boolean_true"] == .boolean(true))
        #expect(record["boolean_false"] == .boolean(false))
        #expect(record["map"] == .map(["nested": .map(["deeper": .string("yes")])]))
        #expect(record["empty_map"] == .map([:]))
        #expect(record["country"]?["iso_code"] == .string("DE"))
        #expect(record["country"]?["names"]?["en"]?.stringValue == "Germany")
        #expect(database.countryCode(for: try address("1.1.1.1")) == "DE")
    }

    @Test("The metadata says what mmdb-writer wrote: tree shape, IP version, type, languages, descriptions")
    func metadata() throws {
        let metadata = try database("types-28.mmdb").metadata
        #expect(metadata.ipVersion == 6)
        #expect(metadata.recordSize == 28)
        #expect(metadata.nodeCount > 0)
        #expect(metadata.databaseType == "Wayfinder-Test-Types")
        #expect(metadata.languages == ["en", "de"])
        #expect(metadata.description == ["en": "GeoIP reader test", "de": "GeoIP-Lesertest"])
        #expect(metadata.binaryFormatMajorVersion == 2)
        #expect(metadata.binaryFormatMinorVersion == 0)
        #expect(metadata.buildEpoch > 1_700_000_000)
    }

    @Test(
        "Country codes: country.iso_code first, else registered_country.iso_code, else none; IPv4 and IPv6",
        arguments: recordSizes)
    func countryCodes(recordSize: Int) throws {
        let database = try database("types-\(recordSize).mmdb")
        let expected: [(String, String?)] = [
            ("1.1.1.200", "DE"),
            ("2001:db8::1", "JP"),
            ("2001:db8:ffff::1", "JP"),
            // The /48 inside the /32 has only a registered country.
            ("2001:db8:1::5", "FR"),
            // Both, registered_country first in the map: country still wins.
            ("81.2.69.160", "GB"),
            // A map without either key, and a record that is not a map at all.
            ("5.5.5.5", nil),
            ("9.9.9.9", nil),
            // Not in the database: IPv4 and IPv6.
            ("1.1.2.1", nil),
            ("8.8.8.8", nil),
            ("2001:db9::1", nil),
            ("::1", nil),
        ]
        for (text, country) in expected {
            #expect(database.countryCode(for: try address(text)) == country, "\(text)")
            #expect(try database.lookupCountryCode(address(text)) == country, "\(text)")
            #expect(database.countryCode(for: text) == country, "\(text) as text")
        }
        #expect(try database.lookup(address("9.9.9.9")) == .string("a plain string"))
        #expect(try database.lookup(address("8.8.8.8")) == nil)
        #expect(
            try database.lookup(address("2001:db8:1::5"))
                == .map(["registered_country": .map(["iso_code": .string("FR")])]))
    }

    @Test(
        "Values past 526,336 bytes into the data section are reached through three-byte pointers",
        arguments: recordSizes)
    func farPointers(recordSize: Int) throws {
        let database = try database("types-\(recordSize).mmdb")
        for text in ["4.0.0.1", "4.0.1.1"] {
            let record = try #require(try database.lookup(address(text)))
            #expect(record["far"] == .string("past the filler"))
            #expect(database.countryCode(for: try address(text)) == "SE")
        }
        #expect(try database.lookup(address("3.0.0.9"))?["filler"]?.stringValue?.count == 600_000)
    }

    @Test("IPv4 in an IPv6 tree is at ::/96: the dotted form, ::a.b.c.d and ::ffff:a.b.c.d find the same record")
    func ipv4InIPv6Tree() throws {
        let database = try database("types-24.mmdb")
        let dotted = try database.lookup(address("81.2.69.160"))
        #expect(dotted != nil)
        #expect(try database.lookup(address("::81.2.69.160")) == dotted)
        // mmdb-writer stores no alias at ::ffff:0:0/96 (MaxMind's files do): a mapped address is
        // looked up as the IPv4 address it maps, so it finds the record anyway.
        #expect(try database.lookup(address("::ffff:81.2.69.160")) == dotted)
        #expect(database.countryCode(for: "::ffff:81.2.69.160") == "GB")
    }

    @Test("An IPv4 database answers IPv4 and mapped addresses, and refuses IPv6 ones with a typed error")
    func ipv4Database() throws {
        let database = try database("ipv4-only.mmdb")
        #expect(database.metadata.ipVersion == 4)
        #expect(database.countryCode(for: "1.2.3.4") == "AU")
        #expect(database.countryCode(for: "200.1.1.1") == "NZ")
        #expect(database.countryCode(for: "::ffff:1.2.3.4") == "AU")
        #expect(database.countryCode(for: "2.2.2.2") == nil)
        #expect(database.countryCode(for: "2001:db8::1") == nil)
        let error = try #require(throws: MaxMindError.self) { try database.lookup(address("2001:db8::1")) }
        #expect(error.code == .ipv6InIPv4Database)
    }

    @Test("Text that is not an address has no country")
    func notAnAddress() throws {
        let database = try database("types-24.mmdb")
        for text in ["", "1.1.1", "1.1.1.1 ", "example.com", "1.1.1.1/24", "[2001:db8::1]"] {
            #expect(database.countryCode(for: text) == nil, "\(text)")
        }
    }

    @Test("A database read from a file answers as one read from bytes; a missing file is a typed error naming it")
    func readFromFile() throws {
        let directory = try TemporaryDirectory(prefix: "wayfinder-geoip")
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("countries.mmdb")
        try Data(MMDBFixtures.bytes("ipv4-only.mmdb")).write(to: url)
        #expect(try MaxMindDatabase(contentsOf: url).countryCode(for: "1.2.3.4") == "AU")
        let missing = directory.url.appendingPathComponent("missing.mmdb")
        let error = try #require(throws: MaxMindError.self) { try MaxMindDatabase(contentsOf: missing) }
        #expect(error.code == .unreadableFile)
        #expect(error.message.contains("missing.mmdb"))
    }
}
