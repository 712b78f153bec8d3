import Foundation

/// A sign-in that went to the provider and has not come back: what the callback needs to finish
/// it, found by its `state`.
package struct OIDCPendingSignIn: Sendable, Equatable {
    /// SHA-256 (hex) of the browser cookie set when the sign-in started: the callback must come
    /// from the same browser.
    package var browserHash: String
    /// The `nonce` the ID token must carry.
    package var nonce: String
    package var pkce: PKCE
    /// The invitation being accepted, when the sign-in started from one.
    package var invitation: String?
    package var expiresAt: Date

    package init(browserHash: String, nonce: String, pkce: PKCE, invitation: String?, expiresAt: Date) {
        self.browserHash = browserHash
        self.nonce = nonce
        self.pkce = pkce
        self.invitation = invitation
        self.expiresAt = expiresAt
    }
}
