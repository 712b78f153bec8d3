import DNSClient
import Testing

@Suite("DNS messages")
struct DNSMessageTests {
    /// pebble-challtestsrv's answer to a TXT query for `_wayfinder-challenge.go.acme.test` holding
    /// "tok123", captured on loopback: one TXT answer and the SOA of its made-up zone.
    static let challengeAnswer = hex(
        "64c881000001000100010000145f77617966696e6465722d6368616c6c656e676502676f0461636d650474657374"
            + "0000100001145f77617966696e6465722d6368616c6c656e676502676f0461636d650474657374000010000100"
            + "000000000706746f6b3132330c6368616c6c7465737473727607696e76616c6964000006000100000000004a02"
            + "6e730c6368616c6c7465737473727607696e76616c696400066d61737465720c6368616c6c7465737473727607"
            + "696e76616c6964000000000100000001000000010000000100000001")

    /// Its answer to a TXT query for `alias.acme.test`, an alias of `go.acme.test`: the CNAME
    /// only, which a resolver must follow itself.
    static let aliasAnswer = hex(
        "60f98100000100010001000005616c6961730461636d650474657374000010000105616c6961730461636d6504"
            + "74657374000005000100000000000e02676f0461636d650474657374000c6368616c6c7465737473727607696e"
            + "76616c6964000006000100000000004a026e730c6368616c6c7465737473727607696e76616c696400066d6173"
            + "7465720c6368616c6c7465737473727607696e76616c6964000000000100000001000000010000000100000001")

    @Test("a TXT answer from a real server reads as its record, TTL and the zone's SOA")
    func challengeAnswerReads() throws {
        let message = try DNSMessage(decoding: Self.challengeAnswer)
        #expect(message.id == 0x64c8)
        #expect(message.isResponse && message.recursionDesired && !message.isTruncated)
        #expect(message.responseCode == .noError)
        let name = try DNSName("_wayfinder-challenge.go.acme.test")
        #expect(message.questions == [.init(name: name, type: .txt)])
        #expect(message.answers == [DNSRecord(name: name, type: .txt, ttl: 0, data: .txt([Array("tok123".utf8)]))])
        #expect(message.answers.first?.data.text == "tok123")
        #expect(message.authorities.map(\.type) == [.soa])
    }

    @Test("an alias answer reads as a CNAME to its target")
    func aliasAnswerReads() throws {
        let message = try DNSMessage(decoding: Self.aliasAnswer)
        #expect(message.answers.map(\.data) == [.cname(try DNSName("go.acme.test"))])
    }

    @Test("compressed names (RFC 1035 §4.1.4) read through their pointers")
    func compressedNames() throws {
        // Question www.acme.test at byte 12; the answer's owner is a pointer to it, and its
        // CNAME data is "cdn" followed by a pointer to "acme.test" inside the question.
        var message = hex("abcd81800001000100000000")
        message += wire("www", "acme", "test")
        message += [0, 5, 0, 1]
        message += [0xc0, 12, 0, 5, 0, 1, 0, 0, 0x0e, 0x10, 0, 6, 3]
        message += Array("cdn".utf8)
        message += [0xc0, 16]
        let decoded = try DNSMessage(decoding: message)
        let answer = try #require(decoded.answers.first)
        #expect(answer.name == (try DNSName("www.acme.test")))
        #expect(answer.ttl == 3600)
        #expect(answer.data == .cname(try DNSName("cdn.acme.test")))
    }

    @Test("a pointer to itself or forward is refused instead of followed")
    func loopingPointers() {
        var selfPointer = hex("abcd81800001000000000000")
        selfPointer += [0xc0, 12, 0, 16, 0, 1]
        #expect(throws: DNSMessageError.forwardPointer(at: 12)) { try DNSMessage(decoding: selfPointer) }
        var forward = hex("abcd81800001000000000000")
        forward += [0xc0, 14, 0, 0, 16, 0, 1]
        #expect(throws: DNSMessageError.forwardPointer(at: 12)) { try DNSMessage(decoding: forward) }
    }

    @Test("every cut of a real answer is an error or reads the records that arrived whole, never more")
    func everyPrefix() throws {
        let whole = try DNSMessage(decoding: Self.challengeAnswer)
        for count in 0..<Self.challengeAnswer.count {
            guard let partial = try? DNSMessage(decoding: Array(Self.challengeAnswer.prefix(count))) else { continue }
            #expect(partial.answers == whole.answers, "cut at \(count)")
            #expect(partial.authorities.isEmpty, "cut at \(count)")
        }
    }

    @Test("a query is laid out as RFC 1035 §4.1 says: header, name as labels, type, class IN")
    func queryLayout() throws {
        let query = DNSMessage.query(id: 0x1234, name: try DNSName("go.acme.test"), type: .txt)
        let expected = hex("123401000001000000000000") + wire("go", "acme", "test") + [0, 16, 0, 1]
        #expect(query.encoded() == expected)
    }

    @Test("a message written and read back is the same message")
    func roundTrip() throws {
        let name = try DNSName("_wayfinder-challenge.go.acme.test")
        let message = DNSMessage(
            id: 7, isResponse: true, isTruncated: false, recursionDesired: true, responseCode: .noError,
            questions: [.init(name: name, type: .txt)],
            answers: [
                DNSRecord(
                    name: name, type: .txt, ttl: 300, data: .txt([Array("part one ".utf8), Array("part two".utf8)])),
                DNSRecord(name: name, type: .cname, ttl: 60, data: .cname(try DNSName("target.acme.test"))),
                DNSRecord(name: name, type: .a, ttl: 60, data: .other([127, 0, 0, 1])),
            ],
            authorities: [])
        #expect(try DNSMessage(decoding: message.encoded()) == message)
        #expect(message.answers[0].data.text == "part one part two")
    }
}

/// The bytes a hexadecimal text spells.
private func hex(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        result.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return result
}

/// A name as labels on the wire, ending with the root.
private func wire(_ labels: String...) -> [UInt8] {
    labels.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) } + [0]
}
