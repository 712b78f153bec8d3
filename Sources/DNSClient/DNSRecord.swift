/// One resource record of an answer: who it is about, its type, how long it may be cached, and
/// its data.
public struct DNSRecord: Hashable, Sendable {
    /// The name the record belongs to.
    public var name: DNSName
    /// The record's type.
    public var type: DNSRecordType
    /// Seconds a resolver may keep the record.
    public var ttl: UInt32
    /// The record's data, read for the types this client uses.
    public var data: DNSRecordData

    public init(name: DNSName, type: DNSRecordType, ttl: UInt32, data: DNSRecordData) {
        self.name = name
        self.type = type
        self.ttl = ttl
        self.data = data
    }
}

/// A record's data: read for TXT and CNAME, kept as bytes for every other type.
public enum DNSRecordData: Hashable, Sendable {
    /// A TXT record's character strings (each up to 255 bytes; a long value is split across
    /// several, and readers join them: RFC 7208 §3.3 does so for SPF).
    case txt([[UInt8]])
    /// The name a CNAME record points to.
    case cname(DNSName)
    /// Any other type's data, as it was on the wire (names in it may be compressed).
    case other([UInt8])

    /// A TXT record's strings joined into one text; `nil` for other records.
    public var text: String? {
        guard case .txt(let strings) = self else { return nil }
        return String(decoding: strings.joined(), as: UTF8.self)
    }
}
