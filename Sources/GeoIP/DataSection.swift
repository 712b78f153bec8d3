/// A data section of a MaxMind DB file (the records' or the metadata's): the bytes that pointers
/// count from, read with every offset checked against the section's end.
///
/// Valid only inside the `withUnsafeBytes` call that made it. Nothing here loops without
/// consuming bytes or descending a level, so a corrupt file ends in a ``MaxMindError`` and never
/// in a trap or a hang: pointers may not point at pointers (the spec forbids it; so no pointer
/// chain can cycle), maps and arrays nest at most ``maximumDepth`` levels, and a record may expand
/// into at most ``DecodeBudget`` values and bytes (a few pointers can otherwise name the same big
/// map over and over).
struct DataSection {
    let bytes: UnsafeRawBufferPointer

    /// Deeper than any real database (GeoIP2 records nest four levels); deep enough to be safe
    /// from the stack.
    static let maximumDepth = 64

    /// A field's control byte(s), read: its type, its size (a count of entries for maps and
    /// arrays, the target offset for pointers, 0 or 1 for booleans) and where its payload starts
    /// (for a pointer, the offset after it).
    struct Header {
        let type: DataType
        let size: Int
        let payload: Int
    }

    func header(at offset: Int) throws -> Header {
        guard offset >= 0, offset < bytes.count else {
            throw MaxMindError.corruptData("a field starts past the section's end (\(bytes.count) bytes)", at: offset)
        }
        let control = bytes[offset]
        var cursor = offset + 1
        var typeNumber = control >> 5
        if typeNumber == DataType.pointer.rawValue {
            return try pointerHeader(control: control, at: offset)
        }
        if typeNumber == 0 {
            let extended = try byte(at: cursor, of: offset)
            cursor += 1
            guard extended >= 1, extended <= 8 else {
                throw MaxMindError.corruptData(
                    "extended type byte \(extended) names type \(Int(extended) + 7); types 8 to 15 are extended",
                    at: offset)
            }
            typeNumber = extended + 7
        }
        guard let type = DataType(rawValue: typeNumber) else {
            throw MaxMindError.corruptData("unknown type \(typeNumber)", at: offset)
        }
        var size = Int(control & 0x1F)
        if size >= 29 {
            let extra = size - 28
            var value = 0
            for index in 0..<extra { value = value << 8 | Int(try byte(at: cursor + index, of: offset)) }
            cursor += extra
            size = value + (extra == 1 ? 29 : extra == 2 ? 285 : 65_821)
        }
        return Header(type: type, size: size, payload: cursor)
    }

    /// `001SSVVV` and SS + 1 more bytes: the target offset, from the start of this section.
    private func pointerHeader(control: UInt8, at offset: Int) throws -> Header {
        let length = Int(control >> 3 & 0x03) + 1
        var value = length == 4 ? 0 : Int(control & 0x07)
        for index in 0..<length { value = value << 8 | Int(try byte(at: offset + 1 + index, of: offset)) }
        let bias = length == 2 ? 2048 : length == 3 ? 526_336 : 0
        return Header(type: .pointer, size: value + bias, payload: offset + 1 + length)
    }

    private func byte(at index: Int, of field: Int) throws -> UInt8 {
        guard index < bytes.count else {
            throw MaxMindError.corruptData(
                "the field is cut off by the section's end (\(bytes.count) bytes)", at: field)
        }
        return bytes[index]
    }

    /// The offset of the field a pointer at `offset` points to, or `offset` when it is not a
    /// pointer; with the header of that field.
    func resolve(_ offset: Int) throws -> (offset: Int, header: Header) {
        let header = try self.header(at: offset)
        guard header.type == .pointer else { return (offset, header) }
        let target = try self.header(at: header.size)
        guard target.type != .pointer else {
            throw MaxMindError.corruptData("a pointer points to another pointer (at \(header.size))", at: offset)
        }
        return (header.size, target)
    }

    /// The offset just past the field at `offset` (a pointer is not followed: its own bytes).
    func skip(_ offset: Int, depth: Int = 0) throws -> Int {
        let header = try self.header(at: offset)
        switch header.type {
        case .pointer, .boolean:
            return header.payload
        case .map, .array:
            guard depth < Self.maximumDepth else { throw MaxMindError.corruptData(Self.tooDeep, at: offset) }
            let fields = header.type == .map ? header.size * 2 : header.size
            try checkCount(fields, from: header.payload, at: offset)
            var cursor = header.payload
            for _ in 0..<fields { cursor = try skip(cursor, depth: depth + 1) }
            return cursor
        case .dataCacheContainer, .endMarker:
            throw notAValue(header.type, at: offset)
        default:
            return try payloadEnd(header, at: offset)
        }
    }

    /// The end of a fixed payload of `header.size` bytes, checked against the section's end.
    func payloadEnd(_ header: Header, at offset: Int) throws -> Int {
        guard header.size <= bytes.count - header.payload else {
            throw MaxMindError.corruptData(
                "a \(header.type) of \(header.size) bytes runs past the section's end (\(bytes.count) bytes)",
                at: offset)
        }
        return header.payload + header.size
    }

    /// Every field takes at least a byte: a count larger than the bytes left is a lie that would
    /// otherwise reserve memory or spin.
    func checkCount(_ fields: Int, from start: Int, at offset: Int) throws {
        guard fields <= bytes.count - start else {
            throw MaxMindError.corruptData(
                "a container of \(fields) fields cannot fit in the \(bytes.count - start) bytes left", at: offset)
        }
    }

    func notAValue(_ type: DataType, at offset: Int) -> MaxMindError {
        MaxMindError.corruptData(
            "a \(type == .endMarker ? "end marker" : "data cache container") is not a value; records and pointers must point at values",
            at: offset)
    }

    static let tooDeep = "maps and arrays nest more than \(maximumDepth) levels deep"
}
