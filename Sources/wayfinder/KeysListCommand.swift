import ArgumentParser
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder keys list [--tenant ID] [--database URL]`
struct KeysListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract:
            "List API keys: prefix, tenant, creation time, scopes, name, last use and whether revoked (never the keys).",
        discussion: """
            One key per line: PREFIX TENANT CREATED scopes SCOPE,… [name "NAME"] [used LAST-USED] \
            [revoked REVOKED]. The last use is written at most once a minute per key.

            Example:
              wayfinder keys list --tenant storyteller
            """
    )

    @Option(help: ArgumentHelp("Only this tenant's keys.", valueName: "id"))
    var tenant: String?

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let linkStore = try await store.configuration().database.openStore()
        let keys: [APIKeyRecord]
        do {
            keys = try await linkStore.apiKeys(tenant: tenant)
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
        let format = Date.ISO8601FormatStyle()
        for key in keys {
            var line = "\(key.prefix) \(key.tenant) \(key.createdAt.formatted(format))"
            line += " scopes " + key.scopes.map(\.rawValue).joined(separator: ",")
            if let name = key.name { line += " name \"\(name)\"" }
            if let used = key.lastUsedAt { line += " used \(used.formatted(format))" }
            if let revoked = key.revokedAt { line += " revoked \(revoked.formatted(format))" }
            print(line)
        }
    }
}
