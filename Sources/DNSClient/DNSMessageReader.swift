/// A cursor over a received message that checks every read against the bytes there are.
struct DNSMessageReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func read8(_ part: String) throws(DNSMessageError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(at: offset, reading: part) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func read16(_ part: String) throws(DNSMessageError) -> UInt16 {
        UInt16(try read8(part)) << 8 | UInt16(try read8(part))
    }

    mutating func read32(_ part: String) throws(DNSMessageError) -> UInt32 {
        UInt32(try read16(part)) << 16 | UInt32(try read16(part))
    }

    mutating func readBytes(_ count: Int, _ part: String) throws(DNSMessageError) -> [UInt8] {
        guard count <= bytes.count - offset else { throw .truncated(at: bytes.count, reading: part) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A name at the cursor, following compression pointers. Each pointer must point before
    /// the place it was read from, so every jump moves strictly backwards and reading ends.
    mutating func readName() throws(DNSMessageError) -> DNSName {
        let start = offset
        var labels: [[UInt8]] = []
        var position = offset
        var resumeAt: Int?
        var wireLength = 1
        while true {
            guard position < bytes.count else { throw .truncated(at: position, reading: "a name") }
            let length = bytes[position]
            switch length & 0xc0 {
            case 0x00:
                if length == 0 {
                    offset = resumeAt ?? position + 1
                    do {
                        return try DNSName(validating: labels)
                    } catch {
                        throw .invalidName(at: start, error)
                    }
                }
                let end = position + 1 + Int(length)
                guard end <= bytes.count else { throw .truncated(at: bytes.count, reading: "a name") }
                wireLength += 1 + Int(length)
                guard wireLength <= 255 else { throw .invalidName(at: start, .tooLong(wireLength)) }
                labels.append(Array(bytes[(position + 1)..<end]))
                position = end
            case 0xc0:
                guard position + 1 < bytes.count else { throw .truncated(at: bytes.count, reading: "a name") }
                let target = Int(length & 0x3f) << 8 | Int(bytes[position + 1])
                guard target < position else { throw .forwardPointer(at: position) }
                if resumeAt == nil { resumeAt = position + 2 }
                position = target
            default:
                throw .reservedLabelType(at: position)
            }
        }
    }

    /// A resource record at the cursor, reading TXT and CNAME data.
    mutating func readRecord() throws(DNSMessageError) -> DNSRecord {
        let name = try readName()
        let type = DNSRecordType(rawValue: try read16("a record"))
        _ = try read16("a record")
        let ttl = try read32("a record")
        let length = Int(try read16("a record"))
        let dataStart = offset
        guard length <= bytes.count - offset else { throw .truncated(at: bytes.count, reading: "\(type) record data") }
        let dataEnd = offset + length
        let data: DNSRecordData
        switch type {
        case .txt:
            var strings: [[UInt8]] = []
            while offset < dataEnd {
                let count = Int(try read8("a TXT string"))
                guard offset + count <= dataEnd else { throw .malformedRecordData(at: dataStart, type: type) }
                strings.append(try readBytes(count, "a TXT string"))
            }
            data = .txt(strings)
        case .cname:
            let target = try readName()
            guard offset == dataEnd else { throw .malformedRecordData(at: dataStart, type: type) }
            data = .cname(target)
        default:
            data = .other(try readBytes(length, "\(type) record data"))
        }
        offset = dataEnd
        return DNSRecord(name: name, type: type, ttl: ttl, data: data)
    }
}
