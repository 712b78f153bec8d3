/// A resource record's type (RFC 1035 §3.2.2 and later registrations), kept as its number so
/// that types this client does not know still read and compare.
public struct DNSRecordType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// An IPv4 address.
    public static let a = DNSRecordType(rawValue: 1)
    /// The canonical name this name is an alias of.
    public static let cname = DNSRecordType(rawValue: 5)
    /// The start of a zone of authority (what a negative answer carries).
    public static let soa = DNSRecordType(rawValue: 6)
    /// Text strings: what domain verification reads.
    public static let txt = DNSRecordType(rawValue: 16)
    /// An IPv6 address.
    public static let aaaa = DNSRecordType(rawValue: 28)

    public var description: String {
        switch self {
        case .a: "A"
        case .cname: "CNAME"
        case .soa: "SOA"
        case .txt: "TXT"
        case .aaaa: "AAAA"
        default: "TYPE\(rawValue)"
        }
    }
}
