import Foundation

/// A claim token that was handed back: the record that makes each token single-use.
package struct DeferredClaim: Sendable, Hashable {
    /// The token's nonce, lowercase hex: unique in the store.
    package var nonce: String
    package var tenant: String
    package var linkID: String
    package var claimedAt: Date
    /// The platform the token was issued to (Android's Play Store referrer, iOS's preview page);
    /// `nil` for a token issued before tokens said so.
    package var platform: Platform?

    package init(nonce: String, tenant: String, linkID: String, claimedAt: Date, platform: Platform? = nil) {
        self.nonce = nonce
        self.tenant = tenant
        self.linkID = linkID
        self.claimedAt = claimedAt
        self.platform = platform
    }
}
