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
            exclude nothing, rules without keys (Android never matches them).

            With --manifest, the file is also compared with the AASA generated from that \
            manifest: a decides-unlike-ios warning names each sampled URL of the manifest's \
            routes that Android would decide differently from iOS.

            Exits 0 when no file has an error (warnings allowed), 1 otherwise.

            Examples:
              wayfinder assetlinks validate assetlinks.json
              wayfinder assetlinks validate assetlinks.json --manifest Examples/storyteller.json
            """
    )

    @OptionGroup var options: ValidateOptions

    @Option(
        help: "Also compare with the AASA this manifest implies (wayfinder.json).",
        completion: .file(extensions: ["json"]))
    var manifest: String?

    func run() async throws {
        let loaded = try manifest.map { try CommandInput.manifest($0).manifest }
        try options.report { file in
            let bytes = try CommandInput.bytes(file)
            return loaded.map { AssetLinks.decode(bytes, comparedWith: $0) }?.diagnostics
                ?? AssetLinks.decode(bytes).diagnostics
        }
    }
}
