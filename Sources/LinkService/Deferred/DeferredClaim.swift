import Foundation

/// A claim token that was handed back: the record that makes each token single-use.
public struct DeferredClaim: Sendable, Hashable {
    /// The token's nonce, lowercase hex: unique in the store.
    public var nonce: String
    public var tenant: String
    public var linkID: String
    public var claimedAt: Date

    public init(nonce: String, tenant: String, linkID: String, claimedAt: Date) {
        self.nonce = nonce
        self.tenant = tenant
        self.linkID = linkID
        self.claimedAt = claimedAt
    }
}
