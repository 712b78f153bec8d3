import Foundation
import Synchronization

/// This instance's copy of the claim-token secrets, read from the store: the newest signs, every
/// one kept verifies. The request path reads it without waiting on the database.
///
/// ``load(from:)`` creates the first secret when the store has none (instances racing to do so
/// agree on the winner's). It runs before the server takes requests, then from
/// ``DeferredLinks/refresher(store:logger:)`` every minute, and on a claim naming a key id this
/// copy does not know yet (another instance may have read a rotation first).
package final class ClaimKeyring: Sendable {
    private struct State {
        var secrets: [ClaimSecret] = [] {
            didSet { signer = secrets.last.map { ($0.keyID, ClaimMAC(secret: $0.secret)) } }
        }
        /// The newest secret's key id and MAC, keyed once per load rather than once per token.
        var signer: (keyID: Int, mac: ClaimMAC)?
        var loadedAt: Date?
    }

    private let state = Mutex(State())
    private let clock: ServiceClock

    package init(clock: ServiceClock) {
        self.clock = clock
    }

    /// The secret new tokens are signed with; `nil` until the first load.
    package var signing: ClaimSecret? {
        state.withLock { $0.secrets.last }
    }

    /// The key id and MAC new tokens are signed with; `nil` until the first load.
    package var signer: (keyID: Int, mac: ClaimMAC)? {
        state.withLock { $0.signer }
    }

    /// Whether new tokens can be signed: the keyring has been loaded.
    package var canSign: Bool { state.withLock { $0.signer != nil } }

    package func secret(keyID: Int) -> ClaimSecret? {
        state.withLock { state in state.secrets.first { $0.keyID == keyID } }
    }

    /// Reads the secrets, creating the first one if there is none.
    package func load(from store: any LinkStore) async throws {
        var secrets = try await store.claimSecrets()
        if secrets.isEmpty {
            _ = try await store.insertClaimSecret(.random(keyID: 1, createdAt: clock.now()))
            secrets = try await store.claimSecrets()
        }
        let loaded = secrets
        state.withLock {
            $0.secrets = loaded
            $0.loadedAt = clock.now()
        }
    }

    /// Loads again unless the last load is more recent than `interval`: a flood of claims with
    /// made-up key ids costs at most one read per interval.
    package func reloadIfOlder(than interval: Duration, from store: any LinkStore) async throws {
        let now = clock.now()
        let due = state.withLock { state in
            state.loadedAt.map { now.timeIntervalSince($0) >= interval.timeInterval || now < $0 } ?? true
        }
        if due { try await load(from: store) }
    }
}
