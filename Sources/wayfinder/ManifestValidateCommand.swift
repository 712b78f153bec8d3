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
            declarations and exclude patterns, and the routes must build into one route table (no \
            ambiguous patterns). All problems are reported, not just the first. Unknown keys and \
            parameter types other than int and uuid are errors: a typo must not pass silently. \
            `wayfinder serve` and every command that takes --manifest load manifests the same way, \
            so a manifest that validates is one they accept.

            Exits 0 when no file has an error (warnings allowed), 1 otherwise.

            Examples:
              wayfinder manifest validate Examples/storyteller.json
              wayfinder manifest validate --json Examples/*.json
            """
    )

    @OptionGroup var options: ValidateOptions

    func run() async throws {
        try options.report(ManifestValidateCommand.diagnostics(for:))
    }

    static func diagnostics(for file: String) -> [Diagnostic] {
        guard let data = FileManager.default.contents(atPath: file) else {
            return [
                Diagnostic(
                    .error, code: "unreadable-file", path: .root,
                    message: "cannot read \(file): no such file, or it is not readable")
            ]
        }
        return ManifestLoader().load(data).diagnostics
    }
}
