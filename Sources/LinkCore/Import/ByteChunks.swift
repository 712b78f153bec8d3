import Foundation

/// Where a reader gets its bytes, a chunk at a time: a file is read in pieces so that memory stays
/// flat however large it is.
package protocol ByteChunks {
    /// The next bytes, `nil` at the end. A chunk may end anywhere, even inside a UTF-8 sequence,
    /// a quoted field or a CRLF.
    mutating func nextChunk() throws -> [UInt8]?
    /// The total number of bytes when known (for progress), else `nil`.
    var totalBytes: Int? { get }
}

/// Bytes already in memory, handed out as one chunk.
package struct InMemoryChunks: ByteChunks {
    private var bytes: [UInt8]?
    package let totalBytes: Int?

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        totalBytes = bytes.count
    }

    package mutating func nextChunk() throws -> [UInt8]? {
        defer { bytes = nil }
        return bytes
    }
}

/// Bytes in memory handed out in pieces of `size` (for testing chunk boundaries).
package struct SlicedChunks: ByteChunks {
    private let bytes: [UInt8]
    private let size: Int
    private var offset = 0
    package var totalBytes: Int? { bytes.count }

    package init(_ bytes: [UInt8], size: Int) {
        self.bytes = bytes
        self.size = max(1, size)
    }

    package mutating func nextChunk() throws -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(offset + size, bytes.count)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}

/// A file read in chunks of `chunkSize` bytes through one open handle.
package final class FileChunks: ByteChunks {
    private let handle: FileHandle
    private let chunkSize: Int
    package let totalBytes: Int?
    /// Bytes handed out so far.
    package private(set) var bytesRead = 0

    /// Opens the file at `path`; throws ``FileChunksError`` (saying why, without the path) when it
    /// does not exist or cannot be read.
    package init(path: String, chunkSize: Int = 64 * 1024) throws(FileChunksError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileChunksError(message: "no such file; check the path")
        }
        guard !isDirectory.boolValue else {
            throw FileChunksError(message: "is a folder, not a file; give the export file's path")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileChunksError(message: "cannot be read; check its permissions")
        }
        self.handle = handle
        self.chunkSize = chunkSize
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        totalBytes = size
    }

    deinit {
        try? handle.close()
    }

    package func nextChunk() throws -> [UInt8]? {
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { return nil }
        bytesRead += data.count
        return Array(data)
    }
}

/// A file that cannot be opened for reading.
package struct FileChunksError: Error, Hashable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
