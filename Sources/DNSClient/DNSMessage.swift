/// A DNS message (RFC 1035 §4): a query this client sends, or the answer it reads.
///
/// The reader follows compressed names (§4.1.4) but only backwards, so that no message can make
/// it loop, and checks every length against the bytes it has: answers come from the network.
public struct DNSMessage: Hashable, Sendable {
    /// Matches an answer to its query.
    public var id: UInt16
    /// Set in answers, clear in queries.
    public var isResponse: Bool
    /// The answer did not fit the datagram: ask again over TCP (RFC 7766).
    public var isTruncated: Bool
    /// The query asks the server to resolve recursively.
    public var recursionDesired: Bool
    /// The server's verdict.
    public var responseCode: DNSResponseCode
    /// What was asked.
    public var questions: [Question]
    /// The records that answer the question.
    public var answers: [DNSRecord]
    /// Records about the zone (a negative answer's SOA).
    public var authorities: [DNSRecord]

    /// One question: a name and the type of record wanted, in class IN.
    public struct Question: Hashable, Sendable {
        public var name: DNSName
        public var type: DNSRecordType

        public init(name: DNSName, type: DNSRecordType) {
            self.name = name
            self.type = type
        }
    }

    /// A recursive query for `type` records of `name`.
    public static func query(id: UInt16, name: DNSName, type: DNSRecordType) -> DNSMessage {
        DNSMessage(
            id: id, isResponse: false, isTruncated: false, recursionDesired: true, responseCode: .noError,
            questions: [Question(name: name, type: type)], answers: [], authorities: [])
    }

    public init(
        id: UInt16, isResponse: Bool, isTruncated: Bool, recursionDesired: Bool, responseCode: DNSResponseCode,
        questions: [Question], answers: [DNSRecord], authorities: [DNSRecord]
    ) {
        self.id = id
        self.isResponse = isResponse
        self.isTruncated = isTruncated
        self.recursionDesired = recursionDesired
        self.responseCode = responseCode
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
    }

    /// The message on the wire, names uncompressed.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        func append16(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xff)] }
        func append32(_ value: UInt32) {
            append16(UInt16(value >> 16))
            append16(UInt16(value & 0xffff))
        }
        func appendName(_ name: DNSName) {
            for label in name.labels { bytes += [UInt8(label.count)] + label }
            bytes.append(0)
        }
        func appendRecord(_ record: DNSRecord) {
            appendName(record.name)
            append16(record.type.rawValue)
            append16(Self.classIN)
            append32(record.ttl)
            var data: [UInt8] = []
            switch record.data {
            case .txt(let strings): for string in strings { data += [UInt8(string.count)] + string }
            case .cname(let target):
                for label in target.labels { data += [UInt8(label.count)] + label }
                data.append(0)
            case .other(let raw): data = raw
            }
            append16(UInt16(data.count))
            bytes += data
        }
        append16(id)
        var flags: UInt16 = 0
        if isResponse { flags |= 0x8000 }
        if isTruncated { flags |= 0x0200 }
        if recursionDesired { flags |= 0x0100 }
        flags |= UInt16(responseCode.rawValue & 0x0f)
        append16(flags)
        append16(UInt16(questions.count))
        append16(UInt16(answers.count))
        append16(UInt16(authorities.count))
        append16(0)
        for question in questions {
            appendName(question.name)
            append16(question.type.rawValue)
            append16(Self.classIN)
        }
        answers.forEach(appendRecord)
        authorities.forEach(appendRecord)
        return bytes
    }

    /// Reads a message from `bytes`. The additional section is skipped.
    public init(decoding bytes: [UInt8]) throws(DNSMessageError) {
        var reader = DNSMessageReader(bytes: bytes)
        id = try reader.read16("the header")
        let flags = try reader.read16("the header")
        isResponse = flags & 0x8000 != 0
        isTruncated = flags & 0x0200 != 0
        recursionDesired = flags & 0x0100 != 0
        responseCode = DNSResponseCode(rawValue: UInt8(flags & 0x000f))
        let questionCount = try reader.read16("the header")
        let answerCount = try reader.read16("the header")
        let authorityCount = try reader.read16("the header")
        _ = try reader.read16("the header")
        questions = []
        for _ in 0..<questionCount {
            let name = try reader.readName()
            let type = DNSRecordType(rawValue: try reader.read16("a question"))
            _ = try reader.read16("a question")
            questions.append(Question(name: name, type: type))
        }
        answers = []
        for _ in 0..<answerCount { answers.append(try reader.readRecord()) }
        authorities = []
        // A truncated answer may end anywhere after its header: what arrived is still read.
        for _ in 0..<authorityCount {
            guard !reader.isAtEnd else { break }
            authorities.append(try reader.readRecord())
        }
    }

    static let classIN: UInt16 = 1
}
