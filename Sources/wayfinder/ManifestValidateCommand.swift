import ArgumentParser
import DeepLinkRouting
import Foundation

/// `wayfinder manifest validate FILE… [--json]`
struct ManifestValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check app manifests and print every problem with its JSON path.",
        discussion: """
            Every field is checked: app IDs, fingerprints, domains, schemes, route patterns, query \
            declarations and exclude patterns. All problems are reported, not just the first; \
            unknown keys are warnings so that a typo does not pass silently.

            Exits 0 when no file has an error (warnings allowed), 1 otherwise.

            Examples:
              wayfinder manifest validate Examples/storyteller.json
              wayfinder manifest validate --json Examples/*.json
            """
    )

    @Argument(help: "Manifest files to check.", completion: .file(extensions: ["json"]))
    var files: [String]

    @Flag(help: "Print one JSON object per diagnostic and one summary object per file, one per line.")
    var json = false

    func run() async throws {
        var failed = false
        for file in files {
            let diagnostics = ManifestValidateCommand.diagnostics(for: file)
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.count - errors
            failed = failed || errors > 0
            if json {
                for diagnostic in diagnostics {
                    var node = diagnostic.jsonNode
                    if case .object(var members) = node.value {
                        members.insert(.init(key: "file", value: JSONNode(.string(file))), at: 0)
                        node = JSONNode(.object(members))
                    }
                    print(node.jsonText(style: .compact))
                }
                let summary = JSONNode.object([
                    "file": JSONNode(.string(file)), "valid": JSONNode(.bool(errors == 0)),
                    "errors": JSONNode(.number(String(errors))), "warnings": JSONNode(.number(String(warnings))),
                ])
                print(summary.jsonText(style: .compact))
            } else {
                for diagnostic in diagnostics {
                    print("\(file): \(diagnostic)")
                }
                let verdict = errors == 0 ? "valid" : "not valid"
                print("\(file): \(verdict) (\(plural(errors, "error")), \(plural(warnings, "warning")))")
            }
        }
        if failed { throw ExitCode(1) }
    }

    static func diagnostics(for file: String) -> [Diagnostic] {
        guard let data = FileManager.default.contents(atPath: file) else {
            return [Diagnostic(.error, code: "unreadable-file", path: .root, message: "cannot read \(file): no such file, or it is not readable")]
        }
        return Manifest.decode(data).diagnostics
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}
