import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder aasa diff A B [--json]`
struct AASADiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare what two apple-app-site-association files mean, per app.",
        discussion: """
            Rules are compared as iOS applies them, defaults resolved: moving a flag into \
            "defaults" is no change, reordering rules is one (the first match decides). Each \
            change is added, removed, changed, moved, or variable-changed.

            Exits 0 when the files mean the same, 1 when they differ (like diff), 2 when a file \
            cannot be read.

            Examples:
              wayfinder aasa diff old/apple-app-site-association new/apple-app-site-association
            """
    )

    @Argument(help: "The first (old) file.", completion: .file())
    var old: String

    @Argument(help: "The second (new) file.", completion: .file())
    var new: String

    @Flag(help: "Print one JSON object per change, one per line.")
    var json = false

    func run() async throws {
        let diff = AASADiff.compare(try read(old), try read(new))
        for change in diff.changes {
            if json {
                var members: [JSONNode.Member] = [.init(key: "change", value: JSONNode(.string(change.kind.rawValue)))]
                if let app = change.appID { members.append(.init(key: "appId", value: JSONNode(.string(app)))) }
                if let variable = change.variable {
                    members.append(.init(key: "variable", value: JSONNode(.string(variable))))
                }
                if let before = change.before {
                    members.append(
                        .init(
                            key: "before",
                            value: JSONNode(
                                .object([
                                    .init(key: "position", value: JSONNode(.number(String(before.position)))),
                                    .init(key: "rule", value: JSONNode(.string(before.rule.summary))),
                                ]))))
                }
                if let after = change.after {
                    members.append(
                        .init(
                            key: "after",
                            value: JSONNode(
                                .object([
                                    .init(key: "position", value: JSONNode(.number(String(after.position)))),
                                    .init(key: "rule", value: JSONNode(.string(after.rule.summary))),
                                ]))))
                }
                print(JSONNode(.object(members)).jsonText(style: .compact))
            } else {
                print(change.description)
            }
        }
        if !json && diff.isEmpty { print("no change in meaning") }
        if !diff.isEmpty { throw ExitCode(1) }
    }

    private func read(_ path: String) throws -> AASAFile {
        let decoded = AASAFile.decode(try CommandInput.bytes(path))
        guard let file = decoded.file else {
            for diagnostic in decoded.diagnostics { printError(diagnostic.line(in: path)) }
            throw ExitCode(2)
        }
        return file
    }
}
