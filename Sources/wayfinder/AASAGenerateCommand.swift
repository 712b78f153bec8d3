import ArgumentParser
import AssociatedDomains

/// `wayfinder aasa generate --manifest FILE [--legacy]`
struct AASAGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the apple-app-site-association file a manifest implies.",
        discussion: """
            Components in decision order: the manifest's exclude patterns, then each route path \
            (parameters become ?*, required query items a ? dictionary), then, unless the manifest \
            sets shortLinksOpenApp to false, a pair of rules that opens single-segment short links \
            and keeps deeper unknown paths on the web. webcredentials lists the app IDs.

            Examples:
              wayfinder aasa generate --manifest Examples/storyteller.json > apple-app-site-association
              wayfinder aasa generate --manifest Examples/storyteller.json --legacy
            """
    )

    @Option(help: "The app manifest (wayfinder.json).", completion: .file(extensions: ["json"]))
    var manifest: String

    @Flag(help: "Also write legacy \"paths\" (and \"apps\": []) for iOS 12 and earlier.")
    var legacy = false

    func run() async throws {
        let manifest = try CommandInput.manifest(self.manifest).manifest
        print(AASAGenerator.generate(manifest, legacy: legacy).jsonText())
    }
}
