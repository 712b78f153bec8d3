import ArgumentParser

/// `wayfinder deferred …`: deferred deep links (links that survive the app's install).
struct DeferredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deferred",
        abstract: "Manage deferred deep links: the secret that signs their claim tokens.",
        subcommands: [DeferredRotateSecretCommand.self]
    )
}
