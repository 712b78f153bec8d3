import ArgumentParser

/// `wayfinder keys …`: API keys of the links API.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, list and revoke API keys of the links API.",
        subcommands: [KeysCreateCommand.self, KeysListCommand.self, KeysRevokeCommand.self]
    )
}
