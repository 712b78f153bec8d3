import ArgumentParser
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder keys revoke PREFIX [--database URL]`
struct KeysRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke the API key with this prefix (as `keys list` shows it, or the whole key).",
        discussion: """
            Requests with a revoked key are answered 401. Exits 1 when no active key has the prefix.

            Example:
              wayfinder keys revoke wf_AbC12345
            """
    )

    @Argument(help: ArgumentHelp("The key's prefix (wf_ and 8 characters) or the whole key.", valueName: "prefix"))
    var prefix: String

    @OptionGroup var store: StoreOptions

    func run() async throws {
        guard prefix.count >= APIKey.prefixLength else {
            printError(
                "error: \"\(prefix)\" is shorter than a key prefix (\(APIKey.prefixLength) characters, as `wayfinder keys list` shows)"
            )
            throw ExitCode(1)
        }
        let linkStore = try await store.configuration().database.openStore()
        let revoked: Int
        do {
            let keyPrefix = String(prefix.prefix(APIKey.prefixLength))
            let now = Date()
            let tenants = try await linkStore.apiKeys(tenant: nil).filter {
                $0.prefix == keyPrefix && $0.revokedAt == nil
            }
            .map(\.tenant)
            revoked = try await linkStore.revokeAPIKeys(prefix: keyPrefix, at: now)
            for tenant in Set(tenants) where revoked > 0 {
                try await linkStore.appendAudit(
                    AuditEntry(
                        tenant: tenant, time: now, actor: "operator", action: .keyRevoked, target: "key:" + keyPrefix))
            }
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
        guard revoked > 0 else {
            printError("error: no active key starts with \(prefix.prefix(APIKey.prefixLength))")
            throw ExitCode(1)
        }
        printError("revoked \(revoked) key\(revoked == 1 ? "" : "s")")
    }
}
