import ArgumentParser
import AssociatedDomains

/// `wayfinder assetlinks validate FILE… [--json]`
struct AssetLinksValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check assetlinks.json files and print every finding with its code and JSON path.",
        discussion: """
            Checks that the file is an array of statements, each with a relation list and an \
            android_app target with a package name and SHA-256 fingerprints (32 colon-separated \
            upper-case hex bytes), and that some statement grants handle_all_urls.

            Exits 0 when no file has an error (warnings allowed), 1 otherwise.

            Examples:
              wayfinder assetlinks validate assetlinks.json
            """
    )

    @Argument(help: "assetlinks.json files to check.", completion: .file(extensions: ["json"]))
    var files: [String]

    @Flag(help: "Print one JSON object per diagnostic and one summary object per file, one per line.")
    var json = false

    func run() async throws {
        var failed = false
        for file in files {
            let diagnostics = AssetLinks.decode(try CommandInput.bytes(file)).diagnostics
            failed = DiagnosticReport.print(diagnostics, file: file, json: json) || failed
        }
        if failed { throw ExitCode(1) }
    }
}
