import DeepLinkRouting
import Foundation
import LinkCore

/// The export an import reads: a file (read in chunks, never whole) or bytes already in memory.
package enum ImportInput: Sendable {
    case file(String)
    case bytes([UInt8])

    /// The largest JSON export read (a JSON list is parsed whole; Kutt's API answers pages).
    package static let maximumJSONBytes = 256 << 20

    /// A fresh reader of the input from its start.
    func chunks() throws(ImportError) -> any ByteChunks {
        switch self {
        case .bytes(let bytes):
            return InMemoryChunks(bytes)
        case .file(let path):
            do {
                return try FileChunks(path: path)
            } catch {
                throw .unreadableFile(error.message)
            }
        }
    }

    /// The first bytes of the input (up to `count`), to tell its format and encoding.
    func prefix(_ count: Int) throws(ImportError) -> [UInt8] {
        var chunks = try chunks()
        var bytes: [UInt8] = []
        while bytes.count < count, let chunk = try? chunks.nextChunk() {
            bytes += chunk
        }
        return Array(bytes.prefix(count))
    }

    /// The whole input (only for JSON exports, which are parsed whole), at most ``maximumJSONBytes``.
    func allBytes() throws(ImportError) -> [UInt8] {
        var chunks = try chunks()
        var bytes: [UInt8] = []
        while let chunk = try? chunks.nextChunk() {
            bytes += chunk
            guard bytes.count <= Self.maximumJSONBytes else {
                throw .tooLong(
                    "the JSON document is larger than \(Self.maximumJSONBytes >> 20) MiB; export the links in pages")
            }
        }
        return bytes
    }
}
