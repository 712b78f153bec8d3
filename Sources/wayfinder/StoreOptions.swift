import ArgumentParser
import Configuration
import DeepLinkRouting
import Foundation
import LinkService

/// `--manifest` and `--database`, shared by `serve` and `keys`; both fall back to the
/// `WAYFINDER_MANIFEST` and `WAYFINDER_DATABASE` environment variables.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("manifest"),
        help: ArgumentHelp("An app manifest; repeat for each tenant.", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var manifests: [String] = []

    @Option(
        help: ArgumentHelp(
            "Database URL: sqlite:PATH, postgres://… or memory: (kept in memory, gone at exit; for demos) (default sqlite:./wayfinder.sqlite).",
            valueName: "url"))
    var database: String?

    /// The configuration from the environment, overridden by the flags given.
    func configuration() throws -> LinkServiceConfiguration {
        var configuration = try LinkServiceConfiguration(
            reading: ConfigReader(provider: EnvironmentVariablesProvider()))
        if !manifests.isEmpty { configuration.manifestPaths = manifests }
        if let database { configuration.database = try DatabaseURL(parsing: database) }
        return configuration
    }
}

/// Writes a line to standard error (standard output is for results only).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
