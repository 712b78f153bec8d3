import ArgumentParser

/// `wayfinder people …`: people who sign in to the console.
struct PeopleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "Add people who sign in to the console.",
        subcommands: [PeopleCreateCommand.self]
    )
}
