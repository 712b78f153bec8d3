import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder assetlinks match FILE --domain D --package P [--json] URL…`
struct AssetLinksMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide URLs for an Android package as its dynamic App Links rules do, and say why.",
        discussion: """
            Prints one line per URL: match, exclude or no_match, with the statement and rule \
            index that decided, or for no_match the closest rule and the key (/, ? or #) that \
            failed. A package granted handle_all_urls without dynamic rules is a match (its \
            intent filters alone decide). The file is compiled once for all URLs.

            Exits 0 when the file can be read, whatever the decisions.

            Examples:
              wayfinder assetlinks match assetlinks.json --domain example.com \\
                --package com.example.app https://example.com/story/42
            """
    )

    @OptionGroup var options: MatchOptions

    @Option(help: "The Android application ID, such as com.example.app.")
    var package: String

    func run() async throws {
        try options.run(compile: { bytes, domain throws(AASAError) in
            try CompiledAssetLinks(json: bytes, domain: domain)
        }) { compiled, url in
            let explanation = compiled.explain(package: package, url: url)
            var place: [JSONNode.Member] = []
            if let statement = explanation.statementIndex, let rule = explanation.ruleIndex {
                place = [MatchOutput.number("statement", statement), MatchOutput.number("rule", rule)]
            }
            return (explanation.decision, place, explanation.verdicts, explanation.summary)
        }
    }
}
