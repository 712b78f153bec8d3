import Foundation
import LinkCore
import Synchronization

/// The tenants of the API keys used lately, by the key's SHA-256, so that an API call or a console
/// page leases one database connection (for its work) instead of two (the key, then the work).
///
/// A key's answer is reused for ``LinkServiceConfiguration/apiKeyCacheLifetime`` (5 seconds by
/// default), then read again. Keys revoked through another instance on the same PostgreSQL
/// database are dropped as soon as the store's change feed reports them (see
/// ``LinkChangeFollower``); the lifetime bounds how long a key revoked any other way keeps
/// working. Unknown keys are not remembered (a key made a moment ago works at once), so guessing
/// costs a database read, held to the public rate limit like any unauthenticated request.
package final class APIKeyCache: Sendable {
    private let store: any APIKeyRecords
    private let tenants: TenantDirectory
    private let lifetime: TimeInterval
    private let clock: ServiceClock
    private let state = Mutex(State())
    /// Entries kept at most; past it the cache starts again empty (keys are few: this only
    /// bounds memory should a store hand out very many).
    private static let capacity = 10_000

    private struct Entry {
        /// The key's tenant id; `nil` once the key is revoked (it stays revoked).
        var tenant: String?
        var prefix: String
        var scopes: [Scope]
        var expires: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Counts drops: a read that began before one may hold an older answer, so it is not kept.
        var drops: UInt64 = 0
        /// When each key's use was last written to the store, by the key's SHA-256.
        var touched: [String: Date] = [:]
    }

    /// How often a key's last-used time is written at most: a hint, not a write per request.
    package static let touchInterval: TimeInterval = 60

    package init(store: any APIKeyRecords, tenants: TenantDirectory, lifetime: Duration, clock: ServiceClock) {
        self.store = store
        self.tenants = tenants
        self.lifetime = lifetime.timeInterval
        self.clock = clock
    }

    /// The tenant a key acts for: `nil` when the key (by its SHA-256) is unknown or revoked, or its
    /// tenant is not served here. The one lookup behind the API and the console's sign-in.
    package func tenant(ofKeyHash hash: String) async throws -> Tenant? {
        try await key(hash: hash)?.tenant
    }

    /// The tenant a key acts for and the key as an ``Actor`` (its prefix and scopes): `nil` when
    /// the key is unknown or revoked, or its tenant is not served here.
    package func key(hash: String) async throws -> (tenant: Tenant, actor: Actor)? {
        let now = clock.now()
        let (cached, generation) = state.withLock { ($0.entries[hash], $0.drops) }
        let entry: Entry
        if let cached, cached.expires > now {
            entry = cached
        } else {
            guard let record = try await store.apiKey(hash: hash) else { return nil }
            entry = Entry(
                tenant: record.revokedAt == nil ? record.tenant : nil, prefix: record.prefix, scopes: record.scopes,
                expires: now.addingTimeInterval(lifetime))
            state.withLock { state in
                guard state.drops == generation else { return }
                if state.entries.count >= Self.capacity, state.entries[hash] == nil { state.entries.removeAll() }
                state.entries[hash] = entry
            }
        }
        guard let id = entry.tenant, let tenant = tenants.tenant(id: id) else { return nil }
        return (tenant, Actor(.key(prefix: entry.prefix, scopes: entry.scopes), tenant: id))
    }

    /// Records a use of the key at most once per ``touchInterval`` (per key, in this process), so
    /// `keys list` can say when a key was last used without a write per request.
    package func noteUse(hash: String) async throws {
        let now = clock.now()
        let due = state.withLock { state in
            if let last = state.touched[hash], now.timeIntervalSince(last) < Self.touchInterval { return false }
            if state.touched.count >= Self.capacity { state.touched.removeAll() }
            state.touched[hash] = now
            return true
        }
        if due { try await store.touchAPIKey(hash: hash, at: now) }
    }

    /// Forgets the keys with this prefix: they were revoked.
    package func drop(prefix: String) {
        state.withLock { state in
            state.drops &+= 1
            state.entries = state.entries.filter { $0.value.prefix != prefix }
        }
    }

    /// Forgets every key: revocations may have been missed.
    package func dropAll() {
        state.withLock { state in
            state.drops &+= 1
            state.entries.removeAll()
        }
    }
}
