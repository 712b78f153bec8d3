import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder assetlinks generate --manifest FILE`
struct AssetLinksGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the assetlinks.json a manifest implies.",
        discussion: """
            One handle_all_urls statement for the manifest's Android package and certificate \
            fingerprints, with Android 15 dynamic App Links rules \
            (relation_extensions.dynamic_app_link_components) made from the same routes and \
            excludes, in the same order, as `wayfinder aasa generate`'s components. With Play \
            App Signing, the manifest must list Play's fingerprint.

            Exits 1 when the manifest has no "android" section.

            Examples:
              wayfinder assetlinks generate --manifest Examples/storyteller.json > assetlinks.json
            """
    )

    @Option(help: "The app manifest (wayfinder.json).", completion: .file(extensions: ["json"]))
    var manifest: String

    func run() async throws {
        let loaded = try CommandInput.manifest(manifest).manifest
        guard loaded.android != nil else {
            printError("\(manifest): the manifest has no \"android\" section (package and sha256CertFingerprints)")
            throw ExitCode(1)
        }
        print(AssetLinksGenerator.generate(loaded).jsonText())
    }
}
