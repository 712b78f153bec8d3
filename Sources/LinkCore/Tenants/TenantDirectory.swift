import Synchronization

/// The tenants the server serves now: a ``TenantSet`` that a reload replaces as a whole.
///
/// Every lookup reads the current set; a request that has found its ``Tenant`` keeps that value,
/// so a request in flight during a reload finishes on the set it started with while the next one
/// sees the new set. Nothing is ever half-replaced: the swap is one store under a lock.
package final class TenantDirectory: Sendable {
    private let current: Mutex<TenantSet>

    package init(_ set: TenantSet) {
        current = Mutex(set)
    }

    /// The set now served.
    package var served: TenantSet { current.withLock { $0 } }

    /// Serves `set` from the next lookup on.
    package func replace(with set: TenantSet) {
        current.withLock { $0 = set }
    }

    /// Tenants in the order their manifests were given.
    package var all: [Tenant] { served.all }

    /// The tenant whose domains include `host` (lowercase, without port).
    package func tenant(forHost host: String) -> Tenant? { served.tenant(forHost: host) }

    package func tenant(id: String) -> Tenant? { served.tenant(id: id) }
}
