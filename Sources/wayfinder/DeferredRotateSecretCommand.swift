import ArgumentParser
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder deferred rotate-secret [--database URL]`
struct DeferredRotateSecretCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-secret",
        abstract:
            "Replace the secret that signs claim tokens; tokens of the previous secret stay valid until they expire.",
        discussion: """
            The server creates the secret in its database on first start, and every instance reads \
            it from there. After a rotation, running instances sign with the new secret within a \
            minute; tokens signed with the previous one stay claimable until they expire, older \
            secrets are forgotten (so rotate at most once per token lifetime, 24 hours by default). \
            Prints the new key id.

            Example:
              wayfinder deferred rotate-secret --database postgres://wayfinder@db/wayfinder
            """
    )

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let linkStore = try await store.configuration().database.openStore()
        let secret: ClaimSecret
        do {
            secret = try await linkStore.rotateClaimSecret()
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
        print("claim-token secret rotated: key \(secret.keyID) signs new tokens")
    }
}
