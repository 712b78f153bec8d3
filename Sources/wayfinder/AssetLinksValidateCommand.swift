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
            upper-case hex bytes), and that some statement grants handle_all_urls. Android 15 \
            dynamic rules are checked too: their shape and keys, pattern syntax, rules an earlier \
            rule makes unreachable (such as anything after a catch-all) and exclude rules that \
            exclude nothing.

            Exits 0 when no file has an error (warnings allowed), 1 otherwise.

            Examples:
              wayfinder assetlinks validate assetlinks.json
            """
    )

    @OptionGroup var options: ValidateOptions

    func run() async throws {
        try options.report { AssetLinks.decode(try CommandInput.bytes($0)).diagnostics }
    }
}
