import ArgumentParser
import DeepLinkRouting
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder keys create --tenant ID [--manifest FILE]… [--database URL]`
struct KeysCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make an API key for a tenant and print it (once: only its hash is stored).",
        discussion: """
            The key is printed alone on standard output, so scripts can capture it. With \
            --manifest, the tenant must be the id of one of the manifests.

            Example:
              KEY=$(wayfinder keys create --tenant storyteller --manifest Examples/storyteller.json)
            """
    )

    @Option(help: ArgumentHelp("The tenant (manifest id) the key acts for.", valueName: "id"))
    var tenant: String

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let configuration = try store.configuration()
        if !configuration.manifestPaths.isEmpty {
            let ids = try CommandInput.manifests(configuration.manifestPaths).map(\.manifest.id)
            guard ids.contains(tenant) else {
                printError(
                    "error: no manifest has the id \"\(tenant)\"; the manifests given are: \(ids.joined(separator: ", "))"
                )
                throw ExitCode(1)
            }
        }
        let linkStore = try await configuration.database.openStore()
        let (key, record) = APIKey.make(tenant: tenant)
        do {
            try await linkStore.insertAPIKey(record)
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
        print(key)
    }
}
