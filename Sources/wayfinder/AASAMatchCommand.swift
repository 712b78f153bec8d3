import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder aasa match FILE --domain D --app APPID [--json] URL…`
struct AASAMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide URLs for an app as iOS would, and say why.",
        discussion: """
            Prints one line per URL: match, exclude or no_match, with the detail and rule that \
            decided and the rule's effective flags, or for no_match the closest rule and the key \
            (/, ? or #) that failed. The file is compiled once for all URLs.

            Exits 0 when the file can be read, whatever the decisions.

            Examples:
              wayfinder aasa match apple-app-site-association --domain example.com \\
                --app ABCDE12345.com.example.app https://example.com/story/42
            """
    )

    @OptionGroup var options: MatchOptions

    @Option(help: "The app ID, <team ID>.<bundle ID>.")
    var app: String

    func run() async throws {
        try options.run(compile: { bytes, domain throws(AASAError) in try CompiledAASA(json: bytes, domain: domain) }) {
            compiled, url in
            let explanation = compiled.explain(appID: app, url: url)
            var place: [JSONNode.Member] = []
            if let detail = explanation.detailIndex, let rule = explanation.rule {
                place = [
                    MatchOutput.number("detail", detail), MatchOutput.number("rule", rule.index),
                    .init(key: "caseSensitive", value: JSONNode(.bool(rule.caseSensitive))),
                    .init(key: "percentEncoded", value: JSONNode(.bool(rule.percentEncoded))),
                ]
            }
            return (explanation.decision, place, explanation.verdicts, explanation.summary)
        }
    }
}
