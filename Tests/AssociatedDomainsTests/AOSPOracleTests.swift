import AssociatedDomains
import DeepLinkRouting
import Testing

/// Checks of the AOSP test oracle itself, from facts read in the device code, and of the
/// production glob against it on every short pattern and text.
@Suite("the AOSP port used as a test oracle")
struct AOSPOracleTests {
    static func units(_ text: String) -> [UInt16] { Array(text.utf16) }

    @Test("PatternMatcher's simple glob, as matchGlobPattern walks it")
    func simpleGlob() {
        let cases: [(String, String, Bool)] = [
            ("", "", true), ("", "a", false), (".*", "", true), (".*.*", "", false), ("a.*", "a", true),
            ("a*", "", false), ("a*", "aaa", true), ("a*b", "aab", true), (".", "x", true), ("\\.", "x", true),
            (".*/c", "/a/b/c", false), (".*/c", "a/c", true), (".*\\.html", "a.html", true), (".*.", "ab", false),
            (".*.", "a.", true), ("\\\\", "\\", true), ("a\\", "a\u{0}", true), ("a\\", "ab", false),
        ]
        for (pattern, text, expected) in cases {
            #expect(
                AOSPPatternMatcher.matchGlobPattern(Self.units(pattern), Self.units(text)) == expected,
                "\(pattern) vs \(text)")
        }
        #expect(!AOSPPatternMatcher.match(Self.units(".*"), nil))
    }

    @Test("Uri.parse: what getPath, getQuery, getFragment and getHost return")
    func uri() {
        func text(_ units: [UInt16]?) -> String? { units.map { String(decoding: $0, as: UTF16.self) } }
        let bare = AOSPUri("https://a.example")
        #expect(text(bare.path) == "" && bare.query == nil && bare.fragment == nil)
        let empty = AOSPUri("https://a.example/p?#")
        #expect(text(empty.query) == "" && text(empty.fragment) == "")
        let late = AOSPUri("https://a.example/p#f?x")
        #expect(late.query == nil && text(late.fragment) == "f?x")
        let user = AOSPUri("https://u:p@A.example:8080/a%2Fb?q=a+b%26c")
        #expect(text(user.host) == "A.example" && text(user.path) == "/a/b" && text(user.query) == "q=a+b&c")
        #expect(text(AOSPUri("https://a.example?x").path) == "")
        #expect(text(AOSPUri("https://a.example/%zz").path) == "/\u{FFFD}\u{0}z")
        #expect(text(AOSPUri("https://a.example/%4z%41").path) == "/\u{FFFD}\u{4}A")
        #expect(text(AOSPUri("https://a.example/%C3%A9%4").path) == "/é\u{FFFD}")
    }

    @Test("String.split as Java does it: trailing empty pieces dropped, a lone separator gives none")
    func javaSplit() {
        func split(_ text: String) -> [String] {
            JavaString.split(Self.units(text), 0x26).map { String(decoding: $0, as: UTF16.self) }
        }
        #expect(split("") == [""])
        #expect(split("a") == ["a"])
        #expect(split("a&") == ["a"])
        #expect(split("&") == [])
        #expect(split("&a&&") == ["", "a"])
        #expect(split("a&&b") == ["a", "", "b"])
    }

    @Test("the production glob equals the oracle on every pattern up to 3 and text up to 4 characters")
    func exhaustiveGlob() {
        let patternAlphabet: [Character] = ["a", "/", ".", "*", "?", "\\"]
        let textAlphabet: [Character] = ["a", "b", "/", "."]
        func all(_ alphabet: [Character], upTo length: Int) -> [String] {
            var result = [""]
            var layer = [""]
            for _ in 0..<length {
                layer = layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
                result += layer
            }
            return result
        }
        let texts = all(textAlphabet, upTo: 4)
        var compared = 0
        for pattern in all(patternAlphabet, upTo: 3) {
            let glob = AOSPStatementService.Reading.assumed.glob(pattern)
            for text in texts {
                let expected = AOSPPatternMatcher.matchGlobPattern(glob, Self.units(text))
                #expect(AndroidGlob.matches(pattern, text) == expected, "\(pattern) vs \(text)")
                compared += 1
            }
        }
        #expect(compared == 259 * 341)
    }
}
