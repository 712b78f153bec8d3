import Foundation

/// A claim token that was handed back: the record that makes each token single-use.
public struct DeferredClaim: Sendable, Hashable {
    /// The token's nonce, lowercase hex: unique in the store.
    public var nonce: String
    public var tenant: String
    public var linkID: String
    public var claimedAt: Date
    /// The platform the token was issued to (Android's Play Store referrer, iOS's preview page);
    /// `nil` for a token issued before tokens said so.
    public var platform: Platform?

    public init(nonce: String, tenant: String, linkID: String, claimedAt: Date, platform: Platform? = nil) {
        self.nonce = nonce
        self.tenant = tenant
        self.linkID = linkID
        self.claimedAt = claimedAt
        self.platform = platform
    }
}
