/// The outcome a server reports in a response's header (RFC 1035 §4.1.1).
public struct DNSResponseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The query was answered (possibly with no records of the type asked).
    public static let noError = DNSResponseCode(rawValue: 0)
    /// The server could not read the query.
    public static let formatError = DNSResponseCode(rawValue: 1)
    /// The server failed, for instance an upstream it asked did not answer.
    public static let serverFailure = DNSResponseCode(rawValue: 2)
    /// The name does not exist (NXDOMAIN).
    public static let nameError = DNSResponseCode(rawValue: 3)
    /// The server does not do this kind of query.
    public static let notImplemented = DNSResponseCode(rawValue: 4)
    /// The server will not answer this client.
    public static let refused = DNSResponseCode(rawValue: 5)

    public var description: String {
        switch self {
        case .noError: "NOERROR"
        case .formatError: "FORMERR"
        case .serverFailure: "SERVFAIL"
        case .nameError: "NXDOMAIN"
        case .notImplemented: "NOTIMP"
        case .refused: "REFUSED"
        default: "RCODE\(rawValue)"
        }
    }
}
