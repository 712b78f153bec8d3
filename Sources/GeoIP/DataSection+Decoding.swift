import Foundation

/// How much one record may expand into: real records are a few hundred values and a few KiB;
/// pointers could otherwise make a small file expand into gigabytes.
struct DecodeBudget {
    var values = 100_000
    var bytes = 64 << 20
}

extension DataSection {
    /// The value at `offset` (a pointer is followed) and the offset past the field at `offset`.
    func decode(at offset: Int, budget: inout DecodeBudget, depth: Int = 0) throws -> (value: MaxMindValue, end: Int) {
        let field = try header(at: offset)
        if field.type == .pointer {
            let (target, header) = try resolve(offset)
            return (try decodeValue(header, at: target, budget: &budget, depth: depth).value, field.payload)
        }
        return try decodeValue(field, at: offset, budget: &budget, depth: depth)
    }

    private func decodeValue(_ header: Header, at offset: Int, budget: inout DecodeBudget, depth: Int) throws -> (
        value: MaxMindValue, end: Int
    ) {
        budget.values -= 1
        guard budget.values >= 0 else {
            throw MaxMindError.corruptData("the record expands into more than 100,000 values", at: offset)
        }
        switch header.type {
        case .map, .array:
            guard depth < Self.maximumDepth else { throw MaxMindError.corruptData(Self.tooDeep, at: offset) }
            return try decodeContainer(header, at: offset, budget: &budget, depth: depth)
        case .boolean:
            guard header.size <= 1 else {
                throw MaxMindError.corruptData("a boolean's size is \(header.size); it must be 0 or 1", at: offset)
            }
            return (.boolean(header.size == 1), header.payload)
        case .dataCacheContainer, .endMarker:
            throw notAValue(header.type, at: offset)
        case .pointer:
            throw MaxMindError.corruptData("a pointer points to another pointer", at: offset)
        default:
            let end = try payloadEnd(header, at: offset)
            let payload = UnsafeRawBufferPointer(rebasing: bytes[header.payload..<end])
            return (try scalar(header.type, payload, at: offset, budget: &budget), end)
        }
    }

    private func decodeContainer(_ header: Header, at offset: Int, budget: inout DecodeBudget, depth: Int) throws -> (
        value: MaxMindValue, end: Int
    ) {
        try checkCount(header.size, from: header.payload, at: offset)
        // Real containers are small; a lying count in a big file must not reserve gigabytes up front.
        let capacity = min(header.size, 1024)
        var cursor = header.payload
        if header.type == .array {
            var elements: [MaxMindValue] = []
            elements.reserveCapacity(capacity)
            for _ in 0..<header.size {
                let element = try decode(at: cursor, budget: &budget, depth: depth + 1)
                elements.append(element.value)
                cursor = element.end
            }
            return (.array(elements), cursor)
        }
        var entries: [String: MaxMindValue] = [:]
        entries.reserveCapacity(capacity)
        for _ in 0..<header.size {
            let key = try decode(at: cursor, budget: &budget, depth: depth + 1)
            guard case .string(let name) = key.value else {
                throw MaxMindError.corruptData("a map key is not a string", at: cursor)
            }
            let value = try decode(at: key.end, budget: &budget, depth: depth + 1)
            entries[name] = value.value
            cursor = value.end
        }
        return (.map(entries), cursor)
    }

    private func scalar(_ type: DataType, _ payload: UnsafeRawBufferPointer, at offset: Int, budget: inout DecodeBudget)
        throws -> MaxMindValue
    {
        switch type {
        case .string:
            try spend(payload.count, of: &budget, at: offset)
            return .string(try Self.string(payload, at: offset))
        case .bytes:
            try spend(payload.count, of: &budget, at: offset)
            return .bytes(Array(payload))
        case .double:
            try expectSize(payload, 8, type, at: offset)
            return .double(Double(bitPattern: Self.unsigned(payload)))
        case .float:
            try expectSize(payload, 4, type, at: offset)
            return .float(Float(bitPattern: UInt32(Self.unsigned(payload))))
        case .uint16:
            try expectSize(payload, ...2, type, at: offset)
            return .uint16(UInt16(Self.unsigned(payload)))
        case .uint32:
            try expectSize(payload, ...4, type, at: offset)
            return .uint32(UInt32(Self.unsigned(payload)))
        case .int32:
            // Shorter than 4 bytes: zero-padded on the left, as libmaxminddb reads it (no sign extension).
            try expectSize(payload, ...4, type, at: offset)
            return .int32(Int32(bitPattern: UInt32(Self.unsigned(payload))))
        case .uint64:
            try expectSize(payload, ...8, type, at: offset)
            return .uint64(Self.unsigned(payload))
        default:  // .uint128: the only type left
            try expectSize(payload, ...16, type, at: offset)
            let split = max(0, payload.count - 8)
            return .uint128(
                high: Self.unsigned(UnsafeRawBufferPointer(rebasing: payload[..<split])),
                low: Self.unsigned(UnsafeRawBufferPointer(rebasing: payload[split...])))
        }
    }

    private func spend(_ count: Int, of budget: inout DecodeBudget, at offset: Int) throws {
        budget.bytes -= count
        guard budget.bytes >= 0 else {
            throw MaxMindError.corruptData("the record expands into more than 64 MiB of strings and bytes", at: offset)
        }
    }

    private func expectSize(_ payload: UnsafeRawBufferPointer, _ size: Int, _ type: DataType, at offset: Int) throws {
        try expectSize(payload, size...size, type, at: offset)
    }

    private func expectSize(
        _ payload: UnsafeRawBufferPointer, _ sizes: some RangeExpression<Int>, _ type: DataType, at offset: Int
    ) throws {
        guard sizes.contains(payload.count) else {
            throw MaxMindError.corruptData("a \(type) of \(payload.count) bytes is not a valid size", at: offset)
        }
    }

    /// Big-endian bytes (at most 8) as an unsigned integer.
    static func unsigned(_ payload: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0
        for byte in payload { value = value << 8 | UInt64(byte) }
        return value
    }

    /// The payload as text when it is valid UTF-8. ASCII (every key and code in GeoIP2 files)
    /// takes the short way, which for 15 bytes or fewer allocates nothing.
    static func string(_ payload: UnsafeRawBufferPointer, at offset: Int) throws -> String {
        if !payload.contains(where: { $0 >= 0x80 }) { return String(decoding: payload, as: UTF8.self) }
        guard let text = String(bytes: payload, encoding: .utf8) else {
            throw MaxMindError.corruptData("a string is not valid UTF-8", at: offset)
        }
        return text
    }
}
