import DNSClient

extension FuzzTarget {
    /// A DNS server's answer, read as the resolver reads it for domain verification: a message
    /// that reads must write and read back to the same message (names are written uncompressed).
    static let dnsMessage = FuzzTarget(name: "dns-message") { bytes in
        guard let message = try? DNSMessage(decoding: bytes) else { return }
        _ = message.answers.compactMap(\.data.text)
        let again = try? DNSMessage(decoding: message.encoded())
        precondition(again == message, "a DNS message did not read back the same after writing it")
    }
}
