import DNSClient
import Testing

@Suite("DNS names")
struct DNSNameTests {
    @Test("names compare without regard to case or a final dot")
    func caseAndFinalDot() throws {
        #expect(try DNSName("Go.ACME.com.") == DNSName("go.acme.com"))
        #expect(try DNSName("_wayfinder-challenge.go.acme.com").labels.count == 4)
        #expect(
            try DNSName("go.acme.com").prepending("_wayfinder-challenge").description
                == "_wayfinder-challenge.go.acme.com")
    }

    @Test(
        "a text that is not a name says what is wrong",
        arguments: [
            ("", DNSNameError.empty),
            ("a..b", .emptyLabel("a..b")),
            (String(repeating: "x", count: 64) + ".com", .labelTooLong(String(repeating: "x", count: 64))),
            ("exa mple.com", .invalidCharacter("exa mple.com", " ")),
            ("münchen.de", .invalidCharacter("münchen.de", "ü")),
            (Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: "."), .tooLong(257)),
        ])
    func refused(text: String, error: DNSNameError) {
        #expect(throws: error) { try DNSName(text) }
    }

    @Test("an international name is refused with a pointer to its xn-- form")
    func internationalName() {
        #expect(DNSNameError.invalidCharacter("münchen.de", "ü").description.contains("xn--"))
    }
}
