import Foundation

/// What a link does, as its creator chose it: the destination and how each platform falls back.
///
/// Two creations of one custom alias are the same link exactly when their domains and contents
/// are equal (idempotent creation).
package struct LinkContent: Sendable, Hashable {
    /// A deep link (https on a tenant domain, or the tenant's custom scheme) or a web URL on the
    /// tenant's website.
    package var destination: String
    package var social: SocialCard?
    package var fallbacks: Fallbacks
    /// iOS visitors go straight to the App Store instead of the preview page.
    package var skipPreview: Bool
    package var utm: UTMParameters
    package var expiresAt: Date?
    /// What a link made from Firebase Dynamic Links parameters keeps of them; `nil` otherwise.
    package var firebase: FirebaseParameters?

    package init(
        destination: String, social: SocialCard? = nil, fallbacks: Fallbacks = Fallbacks(), skipPreview: Bool = false,
        utm: UTMParameters = UTMParameters(), expiresAt: Date? = nil, firebase: FirebaseParameters? = nil
    ) {
        self.destination = destination
        self.social = social
        self.fallbacks = fallbacks
        self.skipPreview = skipPreview
        self.utm = utm
        self.expiresAt = expiresAt
        self.firebase = firebase?.isEmpty == true ? nil : firebase
    }
}
