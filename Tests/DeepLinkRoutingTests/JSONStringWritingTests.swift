import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("JSON string writing")
struct JSONStringWritingTests {
    static func written(_ string: String) -> String {
        JSONNode(.string(string)).jsonText(style: .compact)
    }

    @Test("plain text, non-ASCII included, is written as it is")
    func plain() {
        #expect(Self.written("spring/sale é 🌸 日本") == "\"spring/sale é 🌸 日本\"")
        #expect(Self.written("") == "\"\"")
    }

    @Test("quotes, backslashes, controls, DEL and the two JavaScript line separators are escaped")
    func escapes() {
        #expect(Self.written("a\"b\\c") == #""a\"b\\c""#)
        #expect(Self.written("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
        #expect(Self.written("\u{00}\u{1F}\u{7F}") == #""\u0000\u001F\u007F""#)
        #expect(Self.written("x\u{2028}y\u{2029}z…") == #""x\u2028y\u2029z…""#)
    }

    @Test("every string of the first 0x3000 scalars reads back as itself")
    func roundTrip() throws {
        let scalars = (0..<0x3000).compactMap(Unicode.Scalar.init)
        for start in stride(from: 0, to: scalars.count, by: 64) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<min(start + 64, scalars.count)])
            let data = Data(("[" + Self.written(text) + "]").utf8)
            let read = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
            #expect(read == [text])
        }
    }
}
