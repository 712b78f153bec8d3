import ArgumentParser

/// `wayfinder assetlinks …`: Android Digital Asset Links files.
struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Generate, check and decide Android assetlinks.json files (with dynamic App Links rules).",
        subcommands: [
            AssetLinksGenerateCommand.self, AssetLinksValidateCommand.self, AssetLinksMatchCommand.self,
            AssetLinksDecideCommand.self,
        ]
    )
}
