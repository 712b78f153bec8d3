import LinkCore

/// The one check of an API key, however a call presents it: ``BearerKeyMiddleware`` reads
/// `Authorization: Bearer <key>` for Wayfinder's API, ``FirebaseKeyMiddleware`` the `key` query
/// item of Firebase Dynamic Links' calls; both hand the key here and answer the outcome in their
/// API's own shape.
///
/// A key is looked up by its SHA-256 through the server's one ``APIKeyCache`` and, once known,
/// takes a token from its budget in the server's one API ``RateLimiter``
/// (``LinkServiceConfiguration/apiRateLimit``). A key that is missing or not valid spends nothing
/// of any key's budget.
package struct APIKeyAuthenticator: Sendable {
    package let keys: APIKeyCache
    /// Keys are held to their API budget (``LinkServiceConfiguration/apiRateLimit``).
    package let limiter: RateLimiter

    package init(keys: APIKeyCache, limiter: RateLimiter) {
        self.keys = keys
        self.limiter = limiter
    }

    /// What the check found.
    package enum Outcome: Sendable {
        /// The call presented no key.
        case missing
        /// The key is unknown or revoked, its tenant is not served here, or it is not the key of
        /// the tenant the call was for.
        case invalid
        /// A valid key over its budget: retry after this many whole seconds.
        case overBudget(retryAfter: Int)
        /// A valid key within its budget, acting for this tenant as this actor.
        case authenticated(Tenant, Actor)
    }

    /// Checks `key` (`nil` when the call presented none). With `tenant`, for calls whose `Host`
    /// already picked the tenant, only that tenant's keys are valid; without, the key alone picks
    /// its tenant.
    package func authenticate(_ key: String?, for tenant: Tenant? = nil) async throws -> Outcome {
        guard let key else { return .missing }
        let hash = APIKey.hash(key)
        guard let found = try await keys.key(hash: hash), tenant.map({ $0.id == found.tenant.id }) ?? true else {
            return .invalid
        }
        if let wait = limiter.acquire(hash) { return .overBudget(retryAfter: wait) }
        try await keys.noteUse(hash: hash)
        return .authenticated(found.tenant, found.actor)
    }
}
