import ArgumentParser

/// The `wayfinder` command: deep links for Swift, end to end.
@main
struct Wayfinder: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wayfinder",
        abstract: "Deep links for Swift, end to end: app manifests, association files and a link service.",
        discussion: """
            Everything starts from the app manifest (wayfinder.json): the app's identities, its \
            domains and its routes. Check one, then serve links for it:

              wayfinder manifest validate Examples/storyteller.json
              wayfinder serve --manifest Examples/storyteller.json
            """,
        version: WayfinderVersion.current,
        subcommands: [
            ServeCommand.self, KeysCommand.self, ManifestCommand.self, RouteCommand.self, AASACommand.self,
            AssetLinksCommand.self, CheckCommand.self, DeferredCommand.self, ImportCommand.self, ExportCommand.self,
            BackupCommand.self, DomainsCommand.self, SimulateCommand.self, PeopleCommand.self,
        ]
    )
}
