import ArgumentParser
import Configuration
import DeepLinkRouting
import Foundation
import LinkService
import LinkStorage

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

    @Option(
        help: ArgumentHelp(
            "A JSON or YAML (.yaml, .yml) file of settings, keyed by the environment variables' names; the environment and flags win over it.",
            valueName: "file"),
        completion: .file(extensions: ["json", "yaml", "yml"]))
    var config: String?

    /// The `--config` file, read and checked (exit 1 with the reason when it cannot be used).
    func configurationFile() throws -> ConfigurationFile? {
        guard let config else { return nil }
        do {
            return try ConfigurationFile(path: config)
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// The configuration from the `--config` file, then the environment, then the flags given
    /// (each wins over the one before).
    func configuration() throws -> LinkServiceConfiguration {
        let file = try configurationFile()
        var configuration = try LinkServiceConfiguration(
            reading: ConfigReader(providers: [
                EnvironmentVariablesProvider(),
                EnvironmentVariablesProvider(environmentVariables: file?.values ?? [:]),
            ]))
        if !manifests.isEmpty { configuration.manifestPaths = manifests }
        if let database { configuration.database = try DatabaseURL(parsing: database) }
        return configuration
    }
}

/// Writes a line to standard error (standard output is for results only).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
