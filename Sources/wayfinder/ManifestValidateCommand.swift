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
        return Manifest.decode(data).diagnostics
    }
}
