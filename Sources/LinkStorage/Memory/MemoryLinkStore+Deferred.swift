import Foundation
import LinkCore

extension MemoryLinkStore {
    package func claimSecrets() async throws -> [ClaimSecret] {
        secrets.values.sorted { $0.keyID < $1.keyID }
    }

    package func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool {
        guard secrets[secret.keyID] == nil else { return false }
        var secret = secret
        secret.createdAt = secret.createdAt.truncatedToMilliseconds
        secret.retiredAt = secret.retiredAt?.truncatedToMilliseconds
        // As the SQL stores: the older secrets retire now, and all of them but the newest go.
        let older = secrets.keys.filter { $0 < secret.keyID }
        for keyID in older where secrets[keyID]?.retiredAt == nil {
            secrets[keyID]?.retiredAt = secret.createdAt
        }
        if let newestOlder = older.max() {
            for keyID in older where keyID < newestOlder { secrets[keyID] = nil }
        }
        secrets[secret.keyID] = secret
        return true
    }

    package func recordClaim(_ claim: DeferredClaim) async throws -> Bool {
        guard claims[claim.nonce] == nil else { return false }
        var claim = claim
        claim.claimedAt = claim.claimedAt.truncatedToMilliseconds
        claims[claim.nonce] = claim
        if let link = rows.values.first(where: { $0.link.id == claim.linkID && $0.link.tenant == claim.tenant })?.link {
            webhooks.enqueue(Self.stored(WebhookPayload.claimEvent(claim, of: link, at: claim.claimedAt)))
        }
        return true
    }

    package func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        guard hasLink(id: linkID, tenant: tenant) else { return DeferredFunnel() }
        return DeferredFunnel(
            issued: issuedClaims.lazy.filter { $0.key.linkID == linkID }.map(\.value).reduce(0, +),
            claimed: claims.values.lazy.filter {
                $0.linkID == linkID && $0.tenant.utf8.elementsEqual(tenant.utf8)
            }.count)
    }
}
