import Foundation
import LinkCore

extension MemoryLinkStore {
    package func insertAPIKey(_ key: APIKeyRecord) async throws {
        guard apiKeysByHash[key.hash] == nil else {
            throw LinkStoreError.database("an API key with hash \(key.hash) exists already")
        }
        var key = key
        key.createdAt = key.createdAt.truncatedToMilliseconds
        key.revokedAt = key.revokedAt?.truncatedToMilliseconds
        key.lastUsedAt = key.lastUsedAt?.truncatedToMilliseconds
        apiKeysByHash[key.hash] = key
    }

    package func apiKey(hash: String) async throws -> APIKeyRecord? {
        apiKeysByHash[hash]
    }

    package func apiKeys(tenant: String?) async throws -> [APIKeyRecord] {
        apiKeysByHash.values
            .filter { key in tenant.map { key.tenant.utf8.elementsEqual($0.utf8) } ?? true }
            .sorted { a, b in
                a.createdAt != b.createdAt
                    ? a.createdAt < b.createdAt : a.prefix.utf8.lexicographicallyPrecedes(b.prefix.utf8)
            }
    }

    package func touchAPIKey(hash: String, at date: Date) async throws {
        apiKeysByHash[hash]?.lastUsedAt = date.truncatedToMilliseconds
    }

    package func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int {
        let hashes = apiKeysByHash.values.filter { $0.prefix.utf8.elementsEqual(prefix.utf8) && $0.revokedAt == nil }
            .map(\.hash)
        for hash in hashes { apiKeysByHash[hash]?.revokedAt = date.truncatedToMilliseconds }
        return hashes.count
    }
}
