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

    @Argument(help: "The association file.", completion: .file())
    var file: String

    @Option(help: "The domain the file is served for (URLs on other hosts never match).")
    var domain: String

    @Option(help: "The app ID, <team ID>.<bundle ID>.")
    var app: String

    @Flag(help: "Print one JSON object per URL, one per line.")
    var json = false

    @Argument(help: "URLs to decide.")
    var urls: [String]

    func run() async throws {
        let bytes = try CommandInput.bytes(file)
        let compiled: CompiledAASA
        do throws(AASAError) {
            compiled = try CompiledAASA(json: bytes, domain: domain)
        } catch {
            for diagnostic in error.diagnostics { printError("\(file): \(diagnostic)") }
            throw ExitCode(1)
        }
        for url in urls {
            let explanation = compiled.explain(appID: app, url: url)
            if json {
                var members: [JSONNode.Member] = [
                    .init(key: "url", value: JSONNode(.string(url))),
                    .init(key: "decision", value: JSONNode(.string(explanation.decision.rawValue))),
                ]
                if let detail = explanation.detailIndex, let rule = explanation.rule {
                    members.append(.init(key: "detail", value: JSONNode(.number(String(detail)))))
                    members.append(.init(key: "rule", value: JSONNode(.number(String(rule.index)))))
                    members.append(.init(key: "caseSensitive", value: JSONNode(.bool(rule.caseSensitive))))
                    members.append(.init(key: "percentEncoded", value: JSONNode(.bool(rule.percentEncoded))))
                    let failed = explanation.verdicts.filter { !$0.matched }.map { JSONNode(.string($0.key)) }
                    if !failed.isEmpty { members.append(.init(key: "failed", value: JSONNode(.array(failed)))) }
                }
                members.append(.init(key: "reason", value: JSONNode(.string(explanation.summary))))
                print(JSONNode(.object(members)).jsonText(style: .compact))
            } else {
                print("\(url): \(explanation.summary)")
            }
        }
    }
}
