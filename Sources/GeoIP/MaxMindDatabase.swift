import Foundation

/// A MaxMind DB file (format 2.0: GeoLite2, GeoIP2 and files made by other writers), read into
/// memory, answering which record an IP address's network has.
///
/// Open one with ``init(contentsOf:)`` or ``init(bytes:)``: the metadata and the search tree's
/// bounds are checked there, so a file that is not a MaxMind DB, or is cut short, is refused with a
/// ``MaxMindError`` before the first lookup. ``lookup(_:)`` decodes a whole record;
/// ``countryCode(for:)-(IPAddress)`` reads only the country's ISO code, without allocating, for the
/// request path. A value type with no mutable state: share one between tasks freely.
///
/// A record that a corrupt file makes unreadable throws from ``lookup(_:)`` (and is "unknown" to
/// ``countryCode(for:)-(IPAddress)``); no file makes a lookup trap, loop or run away with memory.
public struct MaxMindDatabase: Sendable {
    /// What the file says about itself.
    public let metadata: MaxMindMetadata

    let file: [UInt8]
    /// The data section: from after the search tree and its 16-byte separator to the metadata marker.
    let dataRange: Range<Int>
    /// Where the metadata's own data section starts (after the marker).
    let metadataStart: Int
    /// The record value IPv4 lookups start from in an IPv6 tree: the node reached by 96 zero bits
    /// (or the terminal record met before that).
    let ipv4Start: Int

    static let metadataMarker: [UInt8] = [0xAB, 0xCD, 0xEF] + Array("MaxMind.com".utf8)
    /// The spec's limit on the metadata section's size, marker included.
    static let metadataSearchSize = 128 * 1024

    /// Reads the MaxMind DB file at `url` into memory.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw MaxMindError.unreadableFile(url.path, error.localizedDescription)
        }
        try self.init(bytes: [UInt8](data))
    }

    /// Reads a MaxMind DB file's bytes.
    public init(bytes: [UInt8]) throws {
        guard let marker = Self.lastMetadataMarker(in: bytes) else { throw MaxMindError.noMetadata }
        let metadataStart = marker + Self.metadataMarker.count
        let metadata = try bytes.withUnsafeBytes { raw in
            let section = DataSection(bytes: UnsafeRawBufferPointer(rebasing: raw[metadataStart...]))
            var budget = DecodeBudget()
            return try MaxMindMetadata(section.decode(at: 0, budget: &budget).value)
        }
        let treeSize = metadata.nodeCount * metadata.recordSize / 4
        guard treeSize + 16 <= marker else {
            throw MaxMindError.corruptSearchTree(
                "its \(metadata.nodeCount) nodes of \(metadata.recordSize)-bit records take \(treeSize) bytes and the 16-byte separator after them, but the file holds \(marker) bytes before its metadata (is it cut short?)"
            )
        }
        self.file = bytes
        self.metadata = metadata
        self.metadataStart = metadataStart
        self.dataRange = (treeSize + 16)..<marker
        var start = 0
        if metadata.ipVersion == 6 {
            bytes.withUnsafeBytes { raw in
                for _ in 0..<96 where start < metadata.nodeCount {
                    start = Self.record(raw, metadata, node: start, bit: 0)
                }
            }
        }
        self.ipv4Start = start
    }

    private static func lastMetadataMarker(in bytes: [UInt8]) -> Int? {
        let marker = metadataMarker
        let lowest = max(0, bytes.count - metadataSearchSize)
        var index = bytes.count - marker.count
        while index >= lowest {
            if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) { return index }
            index -= 1
        }
        return nil
    }

    /// The record of `address`'s network: nil when the database has none for it.
    ///
    /// An IPv4 address (or an IPv4-mapped IPv6 one) in an IPv6 database is looked up at `::/96`, as
    /// MaxMind's databases store it. Throws ``MaxMindError/Code/ipv6InIPv4Database`` for an IPv6
    /// address in an IPv4 database, and a ``MaxMindError`` when the record is corrupt.
    public func lookup(_ address: IPAddress) throws -> MaxMindValue? {
        try file.withUnsafeBytes { raw in
            guard let offset = try dataOffset(of: address, in: raw) else { return nil }
            var budget = DecodeBudget()
            return try dataSection(raw).decode(at: offset, budget: &budget).value
        }
    }

    func dataSection(_ raw: UnsafeRawBufferPointer) -> DataSection {
        DataSection(bytes: UnsafeRawBufferPointer(rebasing: raw[dataRange]))
    }
}
