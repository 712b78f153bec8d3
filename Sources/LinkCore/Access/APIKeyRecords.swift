import Foundation

/// A store's API keys, found by the SHA-256 of the key.
package protocol APIKeyRecords: Sendable {
    /// Stores a new API key (its hash, never the key).
    func insertAPIKey(_ key: APIKeyRecord) async throws
    /// The key with this SHA-256 (lowercase hex), revoked or not.
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// All keys, or one tenant's, oldest first.
    func apiKeys(tenant: String?) async throws -> [APIKeyRecord]
    /// Revokes the keys with this prefix that are not revoked yet; returns how many.
    func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int
    /// Records that the key with this SHA-256 was used at `date` (callers write this at most
    /// once a minute per key: it is a hint, not a log).
    func touchAPIKey(hash: String, at date: Date) async throws
}
