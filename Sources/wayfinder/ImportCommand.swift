import ArgumentParser

/// `wayfinder import …`: bring links from another service.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import links from another link service.",
        subcommands: [
            ImportFirebaseCommand.self, ImportBranchCommand.self, ImportShlinkCommand.self, ImportBitlyCommand.self,
            ImportYOURLSCommand.self, ImportKuttCommand.self, ImportCSVCommand.self,
        ]
    )
}
