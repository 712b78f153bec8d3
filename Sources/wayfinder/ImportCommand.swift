import ArgumentParser

/// `wayfinder import …`: bring links from another service.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import links from another link service.",
        subcommands: [ImportFirebaseCommand.self]
    )
}
