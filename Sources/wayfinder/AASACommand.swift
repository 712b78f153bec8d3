import ArgumentParser

/// `wayfinder aasa …`: apple-app-site-association files.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Generate, check, explain, compare and sign apple-app-site-association files.",
        discussion: """
            Decisions follow what iOS does (Apple's swcutil): first matching rule wins, defaults at \
            three levels, substitution variables, percentEncoded and caseSensitive flags.
            """,
        subcommands: [
            AASAGenerateCommand.self, AASAValidateCommand.self, AASAMatchCommand.self, AASADecideCommand.self,
            AASADiffCommand.self, AASASignCommand.self, AASAVerifyCommand.self,
        ]
    )
}
