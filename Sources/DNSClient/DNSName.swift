/// A domain name as DNS carries it: labels of 1 to 63 bytes, at most 255 bytes on the wire.
///
/// Names compare without regard to ASCII case (RFC 4343), so labels are kept in lower case.
/// Written forms with or without the final dot (`go.acme.com.`) are the same name.
public struct DNSName: Hashable, Sendable, CustomStringConvertible {
    /// The labels, most specific first, in lower case: `["go", "acme", "com"]`.
    public let labels: [[UInt8]]

    /// The name in its usual written form, without the final dot.
    public var description: String {
        labels.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
    }

    /// How many bytes the name takes uncompressed on the wire: a length byte per label, the
    /// labels, and the root's zero byte.
    var wireLength: Int { labels.reduce(1) { $0 + 1 + $1.count } }

    /// The name `text` names: letters, digits, hyphens and underscores (as in
    /// `_wayfinder-challenge`), labels separated by dots.
    ///
    /// - Throws: ``DNSNameError`` naming what is wrong, for an empty name, an empty or overlong
    ///   label, a character DNS host names do not use, or a name over 255 bytes.
    public init(_ text: String) throws(DNSNameError) {
        var text = Substring(text)
        if text.hasSuffix(".") { text = text.dropLast() }
        guard !text.isEmpty else { throw .empty }
        var labels: [[UInt8]] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            let bytes = Array(part.utf8)
            guard !bytes.isEmpty else { throw .emptyLabel(String(text)) }
            guard bytes.count <= 63 else { throw .labelTooLong(String(part)) }
            for scalar in part.unicodeScalars where !(scalar.isASCII && Self.isNameByte(UInt8(scalar.value))) {
                throw .invalidCharacter(String(text), Character(scalar))
            }
            labels.append(bytes.map(Self.lowercased))
        }
        try self.init(validating: labels)
    }

    /// A name from labels read off the wire, which may hold any byte.
    init(validating labels: [[UInt8]]) throws(DNSNameError) {
        self.labels = labels.map { $0.map(Self.lowercased) }
        guard wireLength <= 255 else { throw .tooLong(wireLength) }
    }

    /// The name with `label` in front: `_wayfinder-challenge` + `go.acme.com`.
    public func prepending(_ label: String) throws(DNSNameError) -> DNSName {
        try DNSName(label + "." + description)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
