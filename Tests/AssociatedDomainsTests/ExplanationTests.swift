import AssociatedDomains
import DeepLinkRouting
import Testing

@Suite("AASA explanations and the apps a URL reaches")
struct ExplanationTests {
    static let text = """
        {"applinks": {
          "defaults": {"caseSensitive": false},
          "details": [
            {"appIDs": ["ABCDE12345.com.example.app"], "defaults": {"percentEncoded": false},
             "components": [
               {"/": "/help/*", "exclude": true},
               {"/": "/shop/*", "?": {"id": "?*"}, "#": "top"},
               {"/": "/story/*"}
             ]},
            {"appIDs": ["ABCDE12345.com.example.app", "ZZZZZ99999.com.other"], "components": [{"/": "/shared/*"}]}
          ]}}
        """
    static let app = "ABCDE12345.com.example.app"

    var compiled: CompiledAASA { try! CompiledAASA(json: Array(Self.text.utf8), domain: "example.com") }

    @Test("a match names its detail, rule and effective flags from three levels of defaults")
    func matchExplained() {
        let explanation = compiled.explain(appID: Self.app, url: "https://example.com/STORY/1")
        #expect(explanation.decision == .match)
        #expect(explanation.detailIndex == 0)
        #expect(explanation.rule?.index == 2)
        #expect(explanation.rule?.caseSensitive == false)
        #expect(explanation.rule?.percentEncoded == false)
        #expect(explanation.summary.contains("details[0].components[2]"))
    }

    @Test("an exclusion names the exclude rule")
    func excludeExplained() {
        let explanation = compiled.explain(appID: Self.app, url: "https://example.com/help/faq")
        #expect(explanation.decision == .exclude)
        #expect(explanation.rule?.index == 0)
        #expect(explanation.summary.hasPrefix("exclude: the exclude rule details[0].components[0]"))
    }

    @Test("no match names the closest rule and the key that failed")
    func closestRule() {
        let explanation = compiled.explain(appID: Self.app, url: "https://example.com/shop/1?id=7#bottom")
        #expect(explanation.decision == .noMatch)
        #expect(explanation.rule?.index == 1)
        #expect(explanation.verdicts.map(\.key) == ["/", "?", "#"])
        #expect(explanation.verdicts.map(\.matched) == [true, true, false])
        #expect(explanation.summary.contains("failed on \"#\" \"top\""))
    }

    @Test(
        "the scope checks come first",
        arguments: [
            ("ftp://example.com/story/1", "scheme"), ("https://other.com/story/1", "host"), ("story/1", "absolute"),
        ])
    func scope(url: String, word: String) {
        let explanation = compiled.explain(appID: Self.app, url: url)
        #expect(explanation.decision == .noMatch)
        #expect(explanation.summary.contains(word))
    }

    @Test("an app the file does not name")
    func unknownApp() {
        #expect(
            compiled.explain(appID: "QQQQQ11111.com.none", url: "https://example.com/story/1").reason == .appNotInFile)
    }

    @Test("every app ID a URL reaches, with its decision")
    func reverse() {
        let decisions = compiled.decisions(url: "https://example.com/shared/x")
        #expect(decisions.map(\.appID) == [Self.app, "ZZZZZ99999.com.other"])
        #expect(decisions.map(\.decision) == [.match, .match])
        let help = compiled.decisions(url: "https://example.com/help/x")
        #expect(help.map(\.decision) == [.exclude, .noMatch])
        #expect(compiled.apps(opening: "https://example.com/story/1") == [Self.app])
    }

    @Test("a wildcard domain covers subdomains, not the apex")
    func wildcardDomain() throws {
        let wildcard = try CompiledAASA(json: Array(Self.text.utf8), domain: "*.example.com")
        #expect(wildcard.decide(appID: Self.app, url: "https://a.example.com/story/1") == .match)
        #expect(wildcard.decide(appID: Self.app, url: "https://example.com/story/1") == .noMatch)
    }
}
