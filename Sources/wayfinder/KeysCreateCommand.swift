import ArgumentParser
import DeepLinkRouting
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder keys create --tenant ID [--scope S]… [--name N] [--manifest FILE]… [--database URL]`
struct KeysCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make an API key for a tenant and print it (once: only its hash is stored).",
        discussion: """
            The key is printed alone on standard output, so scripts can capture it. With \
            --manifest, the tenant must be the id of one of the manifests.

            Scopes (--scope, repeatable; default: all but app): links:read, links:write, \
            stats:read, webhooks:write, domains:write, members:write, events:write, and app \
            (safe inside an app: creates links to the app's routes and sends events, nothing else).

            Example:
              KEY=$(wayfinder keys create --tenant storyteller --manifest Examples/storyteller.json)
              wayfinder keys create --tenant storyteller --scope app --name "iOS app"
            """
    )

    @Option(help: ArgumentHelp("The tenant (manifest id) the key acts for.", valueName: "id"))
    var tenant: String

    @Option(
        name: .customLong("scope"),
        help: ArgumentHelp("A scope of the key (repeat for more; default: all but app).", valueName: "scope"))
    var scopes: [String] = []

    @Option(help: ArgumentHelp("A name for the key, shown by keys list.", valueName: "name"))
    var name: String?

    @OptionGroup var store: StoreOptions

    /// The scopes asked for, or the standard ones when none was.
    func parsedScopes() throws -> [Scope] {
        guard !scopes.isEmpty else { return Scope.standard }
        return try scopes.map { text in
            guard let scope = Scope(rawValue: text) else {
                printError(
                    "error: \"\(text)\" is not a scope; the scopes are: \(Scope.allCases.map(\.rawValue).joined(separator: ", "))"
                )
                throw ExitCode(1)
            }
            return scope
        }
    }

    func run() async throws {
        let scopes = try parsedScopes()
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
        let (key, record) = APIKey.make(tenant: tenant, scopes: scopes, name: name)
        do {
            try await linkStore.insertAPIKey(record)
            try await linkStore.appendAudit(
                AuditEntry(
                    tenant: tenant, time: record.createdAt, actor: "operator", action: .keyCreated,
                    target: "key:" + record.prefix,
                    changes: [
                        AuditChange(field: "scopes", before: nil, after: Scope.text(of: record.scopes)),
                        AuditChange(field: "name", before: nil, after: record.name),
                    ].filter { $0.after != nil }))
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
        print(key)
    }
}
