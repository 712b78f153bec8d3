/// Reads CSV text as RFC 4180 describes it, record by record, with the line each record starts on.
///
/// Fields are separated by `,`; a field in double quotes may hold commas, line breaks and doubled
/// quotes (`""` reads as `"`). Records end at CRLF or LF (a lone CR counts as a line break too); a
/// UTF-8 byte order mark at the start is skipped; blank lines are skipped. Lines are counted from
/// 1 and every line break counts, including those inside quoted fields, so ``CSVRecord/line`` is
/// where a person finds the record in an editor. Spaces are part of a field, as the RFC says.
///
/// The text comes from ``ByteChunks`` a chunk at a time and only the record being read is held,
/// so memory stays flat in the size of the file; a chunk may end anywhere (inside a quoted field,
/// between the two quotes of `""`, between CR and LF, inside a UTF-8 sequence). A record longer
/// than ``maximumRecordBytes`` is not kept: it is skipped and reported as ``CSVError/recordTooLong(line:limit:)``.
///
/// A record that cannot be read (text after a closing quote, a quote that is never closed, bytes
/// that are not UTF-8, too long) throws ``CSVError`` naming its line; the reader has then moved
/// past that record, so the caller may report it and go on with ``next()``.
package struct CSVReader {
    private var source: any ByteChunks
    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes dropped from the front of ``buffer`` so far.
    private var discarded = 0
    private var ended = false
    private var line = 1
    private let totalBytes: Int?
    /// The longest record kept, in bytes.
    package let maximumRecordBytes: Int
    /// Bytes of the record being read.
    private var recordBytes = 0

    /// The default longest record: far above any real export's row, far below a memory problem.
    package static let defaultMaximumRecordBytes = 1 << 20

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Reads text already in memory.
    package init(_ bytes: [UInt8], maximumRecordBytes: Int = Self.defaultMaximumRecordBytes) {
        self.init(chunks: InMemoryChunks(bytes), maximumRecordBytes: maximumRecordBytes)
    }

    /// Reads text a chunk at a time from `chunks`.
    package init(chunks: some ByteChunks, maximumRecordBytes: Int = Self.defaultMaximumRecordBytes) {
        source = chunks
        totalBytes = chunks.totalBytes
        self.maximumRecordBytes = maximumRecordBytes
        if peek(0) == 0xEF, peek(1) == 0xBB, peek(2) == 0xBF { position += 3 }
    }

    /// How far the reader has come, from 0 to 1 (for progress lines); 0 when the size is unknown.
    package var fractionRead: Double {
        guard let totalBytes else { return 0 }
        return totalBytes == 0 ? 1 : min(1, Double(discarded + position) / Double(totalBytes))
    }

    /// Bytes read so far.
    package var bytesRead: Int { discarded + position }

    /// Bytes the reader holds now: a chunk or two, however large the text.
    package var bufferedBytes: Int { buffer.count }

    /// The next record, `nil` at the end of the text.
    package mutating func next() throws(CSVError) -> CSVRecord? {
        skipBlankLines()
        guard peek(0) != nil else { return nil }
        let start = line
        recordBytes = 0
        var fields: [String] = []
        var field: [UInt8] = []
        var problem: CSVError? = nil
        while true {
            field.removeAll(keepingCapacity: true)
            if peek(0) == Self.quote {
                if let error = readQuoted(into: &field, recordLine: start) {
                    problem = problem ?? error
                }
            } else {
                while let byte = peek(0), byte != Self.comma, !Self.isLineBreak(byte) {
                    keep(byte, in: &field)
                    position += 1
                }
            }
            if recordBytes > maximumRecordBytes {
                problem = .recordTooLong(line: start, limit: maximumRecordBytes)
            } else if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                problem = problem ?? .notUTF8(field: fields.count + 1, line: start)
                fields.append("")
            }
            if peek(0) == Self.comma {
                position += 1
                recordBytes += 1
                continue
            }
            consumeLineBreak()
            break
        }
        if let problem { throw problem }
        return CSVRecord(line: start, fields: fields)
    }

    /// The next record or the error of a record that cannot be read; `nil` at the end.
    package mutating func nextResult() -> Result<CSVRecord, CSVError>? {
        do {
            guard let record = try next() else { return nil }
            return .success(record)
        } catch {
            return .failure(error)
        }
    }

    /// Appends a byte of the record unless the record is already too long (then it is dropped:
    /// the reader keeps going to the record's end without holding it).
    private mutating func keep(_ byte: UInt8, in field: inout [UInt8]) {
        recordBytes += 1
        if recordBytes <= maximumRecordBytes { field.append(byte) }
    }

    /// Reads a quoted field (the reader is at its opening quote) up to the separator or line break
    /// after it; the problem when the field is malformed (in the record starting on `recordLine`).
    private mutating func readQuoted(into field: inout [UInt8], recordLine: Int) -> CSVError? {
        position += 1
        recordBytes += 1
        while let byte = peek(0) {
            if byte == Self.quote {
                if peek(1) == Self.quote {
                    keep(Self.quote, in: &field)
                    position += 2
                    continue
                }
                position += 1
                guard let after = peek(0), after != Self.comma, !Self.isLineBreak(after) else {
                    return nil
                }
                // Text after the closing quote: keep the record's shape by skipping to the next
                // separator or line break, and report it.
                while let byte = peek(0), byte != Self.comma, !Self.isLineBreak(byte) {
                    position += 1
                }
                return .textAfterClosingQuote(line: recordLine)
            }
            if byte == Self.lf || (byte == Self.cr && peek(1) != Self.lf) {
                line += 1
            }
            keep(byte, in: &field)
            position += 1
        }
        return .unclosedQuote(line: recordLine)
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == lf || byte == cr
    }

    private mutating func consumeLineBreak() {
        guard let byte = peek(0) else { return }
        if byte == Self.cr, peek(1) == Self.lf {
            position += 2
        } else {
            position += 1
        }
        line += 1
    }

    private mutating func skipBlankLines() {
        while let byte = peek(0), Self.isLineBreak(byte) {
            consumeLineBreak()
        }
    }

    /// The byte `offset` places after the reader's position, `nil` past the end of the text.
    @inline(__always)
    private mutating func peek(_ offset: Int) -> UInt8? {
        if position + offset < buffer.count { return buffer[position + offset] }
        return refill(toPeek: offset)
    }

    /// Reads chunks until the byte at `offset` is in the buffer (dropping the bytes already read).
    private mutating func refill(toPeek offset: Int) -> UInt8? {
        while position + offset >= buffer.count {
            guard !ended else { return nil }
            if position > 0 {
                buffer.removeFirst(position)
                discarded += position
                position = 0
            }
            // A read error ends the text here; the record being read then reports what is missing.
            guard let chunk = try? source.nextChunk() else {
                ended = true
                return nil
            }
            buffer.append(contentsOf: chunk)
        }
        return buffer[position + offset]
    }
}

/// One record of a CSV text: its fields and the line it starts on (the first line is 1).
package struct CSVRecord: Sendable, Hashable {
    package var line: Int
    package var fields: [String]

    package init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
