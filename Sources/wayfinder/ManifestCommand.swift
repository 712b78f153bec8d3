import ArgumentParser

/// `wayfinder manifest …`: work with app manifests.
struct ManifestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Check app manifests (wayfinder.json).",
        subcommands: [ManifestValidateCommand.self]
    )
}
