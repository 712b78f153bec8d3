import DeepLinkRouting
import Testing

@Suite("AASA-style path patterns (manifest exclude)")
struct PathPatternTests {
    @Test(
        "path rules follow swcutil",
        arguments: [
            ("/e/*", "/e/123", true),
            ("/e/*", "/e", true),
            ("/e/*", "/elsewhere", false),
            ("abc", "/abc", true),
            ("//abc", "/abc", true),
            ("/buy", "/buy/", true),
            ("/buy/", "/buy//", true),
            ("/a/*/c", "/a/c", false),
            ("/a/*/c", "/a/b/c", true),
            ("/", "", true),
            ("/?", "/a", true),
            ("/?", "/ab", false),
            ("/?*", "/", false),
            ("/help/website/*", "/help/website/faq/1", true),
        ]
    )
    func pathRules(pattern: String, path: String, matches: Bool) {
        #expect(PathPattern(pattern).matches(path: path) == matches)
    }

    @Test("many stars against a long mismatch finish (no exponential backtracking)", .timeLimit(.minutes(1)))
    func manyStarsAreLinear() {
        let pattern = WildcardPattern(String(repeating: "*a", count: 5_000) + "b")
        #expect(!pattern.matches(String(repeating: "a", count: 5_000)))
    }
}
