import ArgumentParser

/// `wayfinder assetlinks …`: Android Digital Asset Links files.
struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Generate and check Android assetlinks.json files.",
        subcommands: [AssetLinksGenerateCommand.self, AssetLinksValidateCommand.self]
    )
}
