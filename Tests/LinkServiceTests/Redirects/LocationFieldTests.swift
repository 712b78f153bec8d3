import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Location field")
struct LocationFieldTests {
    @Test("every byte RFC 3986 does not allow raw is percent-encoded, and only those")
    func encodesExactlyTheBytesAURIMayNotCarry() {
        for byte in UInt8(0)...UInt8(0x7F) {
            let raw = String(decoding: [byte], as: UTF8.self)
            let mustEncode = byte <= 0x20 || byte == 0x7F || #""<>\^`{|}"#.utf8.contains(byte)
            let expected = mustEncode ? "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) : raw
            #expect(LocationField.value(for: "https://a.example/" + raw) == "https://a.example/" + expected)
        }
    }

    @Test("non-ASCII is encoded as UTF-8 and existing escapes are kept")
    func encodesUTF8AndKeepsEscapes() {
        #expect(LocationField.value(for: "https://a.example/café?q=%20") == "https://a.example/caf%C3%A9?q=%20")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
