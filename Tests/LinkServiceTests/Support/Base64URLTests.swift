import Foundation
import LinkCore
import Testing

@Suite("Base64url")
struct Base64URLTests {
    /// RFC 4648's alphabet through Foundation, as the encoder was written before: the oracle.
    static func foundation(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("every length from 0 to 64 bytes encodes as Foundation's base64 with the URL alphabet and no padding, and decodes back")
    func matchesFoundationAndRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let text = Base64URL.encode(bytes)
                #expect(text == Self.foundation(bytes))
                #expect(Base64URL.decode(text) == bytes)
            }
        }
        #expect(Base64URL.encode(Array("hello?>>".utf8)) == "aGVsbG8_Pj4")
    }

    @Test("text outside the alphabet, padding, an impossible length or stray low bits decode to nothing")
    func refusesWhatNoEncodingMakes() {
        for text in ["aGVsbG8/Pj4", "aGVsbG8+Pj4", "aGVsbG8_Pj4=", "a", "aGVsb", "aGVsbG8_Pj5", "é", "aGV sbG8"] {
            #expect(Base64URL.decode(text) == nil, "\(text)")
        }
        #expect(Base64URL.decode("") == [])
    }
}
