/// Why bytes are not a DNS message this client can read.
public enum DNSMessageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message ends inside the part named.
    case truncated(at: Int, reading: String)
    /// A name's compression pointer points at or after itself, which could loop.
    case forwardPointer(at: Int)
    /// A label length byte uses the reserved 01 or 10 high bits.
    case reservedLabelType(at: Int)
    /// A name read off the wire is not a name (too long).
    case invalidName(at: Int, DNSNameError)
    /// A record's data is shorter than its type needs, or a TXT string runs past it.
    case malformedRecordData(at: Int, type: DNSRecordType)

    public var description: String {
        switch self {
        case .truncated(let offset, let part): "the message ends at byte \(offset) inside \(part)"
        case .forwardPointer(let offset): "the name at byte \(offset) points forward (a possible loop)"
        case .reservedLabelType(let offset): "byte \(offset) is a label type DNS reserves"
        case .invalidName(let offset, let error): "the name at byte \(offset) is invalid: \(error)"
        case .malformedRecordData(let offset, let type): "the \(type) record data at byte \(offset) is malformed"
        }
    }
}
