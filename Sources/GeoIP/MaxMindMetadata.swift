/// What a MaxMind DB file says about itself: the shape of its search tree and what its records hold.
public struct MaxMindMetadata: Sendable, Hashable {
    /// The number of nodes in the search tree.
    public let nodeCount: Int
    /// The bits in one record of a node: 24, 28 or 32.
    public let recordSize: Int
    /// 4 when the database holds IPv4 networks only, 6 when it holds IPv6 (and IPv4 at `::/96`).
    public let ipVersion: Int
    /// What the records hold, as the maker names it (`GeoLite2-City`, `GeoIP2-Country`, …).
    public let databaseType: String
    /// The languages that localized names in the records may be in.
    public let languages: [String]
    /// The format's major version (always 2 here).
    public let binaryFormatMajorVersion: Int
    /// The format's minor version.
    public let binaryFormatMinorVersion: Int
    /// When the database was built, in seconds since 1970 (UTC).
    public let buildEpoch: UInt64
    /// A description of the database, by language code.
    public let description: [String: String]

    /// Reads the metadata map, checking what the reader depends on.
    init(_ value: MaxMindValue) throws {
        guard case .map = value else { throw MaxMindError.invalidMetadata("it is not a map") }
        func integer(_ key: String) throws -> UInt64 {
            guard let field = value[key] else { throw MaxMindError.invalidMetadata("\(key) is missing") }
            guard let number = field.unsignedIntegerValue else {
                throw MaxMindError.invalidMetadata("\(key) is not an unsigned integer")
            }
            return number
        }
        let major = try integer("binary_format_major_version")
        guard major == 2 else {
            throw MaxMindError.unsupportedFormat(
                "binary_format_major_version is \(major); this reader reads version 2 files")
        }
        let nodeCount = try integer("node_count")
        guard nodeCount >= 1, nodeCount <= UInt64(UInt32.max) else {
            throw MaxMindError.invalidMetadata("node_count is \(nodeCount); it must be 1 to 4,294,967,295")
        }
        let recordSize = try integer("record_size")
        guard [24, 28, 32].contains(recordSize) else {
            throw MaxMindError.unsupportedFormat("record_size is \(recordSize); this reader reads 24, 28 and 32")
        }
        let ipVersion = try integer("ip_version")
        guard ipVersion == 4 || ipVersion == 6 else {
            throw MaxMindError.invalidMetadata("ip_version is \(ipVersion); it must be 4 or 6")
        }
        self.nodeCount = Int(nodeCount)
        self.recordSize = Int(recordSize)
        self.ipVersion = Int(ipVersion)
        binaryFormatMajorVersion = Int(major)
        binaryFormatMinorVersion = Int(min(value["binary_format_minor_version"]?.unsignedIntegerValue ?? 0, 0xFFFF))
        databaseType = value["database_type"]?.stringValue ?? ""
        buildEpoch = value["build_epoch"]?.unsignedIntegerValue ?? 0
        if case .array(let names) = value["languages"] {
            languages = names.compactMap(\.stringValue)
        } else {
            languages = []
        }
        if case .map(let texts) = value["description"] {
            description = texts.compactMapValues(\.stringValue)
        } else {
            description = [:]
        }
    }
}
