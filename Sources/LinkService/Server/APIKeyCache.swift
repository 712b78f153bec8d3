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
        var expires: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Counts drops: a read that began before one may hold an older answer, so it is not kept.
        var drops: UInt64 = 0
    }

    package init(store: any APIKeyRecords, tenants: TenantDirectory, lifetime: Duration, clock: ServiceClock) {
        self.store = store
        self.tenants = tenants
        self.lifetime = lifetime.timeInterval
        self.clock = clock
    }

    /// The tenant a key acts for: `nil` when the key (by its SHA-256) is unknown or revoked, or its
    /// tenant is not served here. The one lookup behind the API and the console's sign-in.
    package func tenant(ofKeyHash hash: String) async throws -> Tenant? {
        let now = clock.now()
        let (cached, generation) = state.withLock { ($0.entries[hash], $0.drops) }
        if let cached, cached.expires > now {
            return cached.tenant.flatMap(tenants.tenant(id:))
        }
        guard let record = try await store.apiKey(hash: hash) else { return nil }
        let tenant = record.revokedAt == nil ? record.tenant : nil
        let entry = Entry(tenant: tenant, prefix: record.prefix, expires: now.addingTimeInterval(lifetime))
        state.withLock { state in
            guard state.drops == generation else { return }
            if state.entries.count >= Self.capacity, state.entries[hash] == nil { state.entries.removeAll() }
            state.entries[hash] = entry
        }
        return tenant.flatMap(tenants.tenant(id:))
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
