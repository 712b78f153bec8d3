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
            failed = DiagnosticReport.print(diagnostics, file: file, json: json) || failed
        }
        if failed { throw ExitCode(1) }
    }

    static func diagnostics(for file: String) -> [Diagnostic] {
        guard let data = FileManager.default.contents(atPath: file) else {
            return [Diagnostic(.error, code: "unreadable-file", path: .root, message: "cannot read \(file): no such file, or it is not readable")]
        }
        return Manifest.decode(data).diagnostics
    }
}
