/// Why a MaxMind DB file cannot be read, or why one of its records cannot be.
///
/// Match on ``code`` (`error.code == .corruptData`); the set of codes may grow without breaking a
/// `switch`. The same idiom as the other modules' errors (a struct over a stable code and a message
/// that says what was wrong); the code type is this module's own because `GeoIP` imports nothing
/// but Foundation.
public struct MaxMindError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable kind of MaxMind DB error, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        /// The file could not be read from disk.
        public static let unreadableFile = Code(description: "unreadable-file")
        /// No metadata marker (`\xAB\xCD\xEFMaxMind.com`) in the file's last 128 KiB: not a MaxMind DB file.
        public static let noMetadata = Code(description: "no-metadata")
        /// The metadata lacks a required key, or a key has the wrong type or an impossible value.
        public static let invalidMetadata = Code(description: "invalid-metadata")
        /// A format this reader does not read: a major version other than 2, or a record size other
        /// than 24, 28 or 32 bits.
        public static let unsupportedFormat = Code(description: "unsupported-format")
        /// The search tree is larger than the file, or a record points outside the data section.
        public static let corruptSearchTree = Code(description: "corrupt-search-tree")
        /// A value in the data section is truncated, of an unknown type, points outside its section,
        /// nests too deeply or expands into too much.
        public static let corruptData = Code(description: "corrupt-data")
        /// An IPv6 address was looked up in a database that holds IPv4 networks only.
        public static let ipv6InIPv4Database = Code(description: "ipv6-in-ipv4-database")
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and what to do about it.
    public let message: String

    /// The ``message``.
    public var description: String { message }

    static func unreadableFile(_ path: String, _ reason: String) -> MaxMindError {
        MaxMindError(
            code: .unreadableFile,
            message: "cannot read the MaxMind DB file \(path): \(reason); give the path of a readable .mmdb file")
    }

    static let noMetadata = MaxMindError(
        code: .noMetadata,
        message:
            "not a MaxMind DB file: no metadata marker (\\xAB\\xCD\\xEFMaxMind.com) in its last 128 KiB; give a .mmdb file such as GeoLite2-Country.mmdb"
    )

    static func invalidMetadata(_ detail: String) -> MaxMindError {
        MaxMindError(code: .invalidMetadata, message: "the MaxMind DB file's metadata is invalid: \(detail)")
    }

    static func unsupportedFormat(_ detail: String) -> MaxMindError {
        MaxMindError(code: .unsupportedFormat, message: "unsupported MaxMind DB file: \(detail)")
    }

    static func corruptSearchTree(_ detail: String) -> MaxMindError {
        MaxMindError(
            code: .corruptSearchTree,
            message: "the MaxMind DB file's search tree is corrupt: \(detail); download the file again")
    }

    static func corruptData(_ detail: String, at offset: Int) -> MaxMindError {
        MaxMindError(
            code: .corruptData,
            message: "the MaxMind DB file's data is corrupt at offset \(offset) of its section: \(detail)")
    }

    static let ipv6InIPv4Database = MaxMindError(
        code: .ipv6InIPv4Database,
        message:
            "an IPv6 address cannot be looked up in this database: it holds IPv4 networks only (ip_version 4); use an IPv6 database such as GeoLite2-Country"
    )
}
