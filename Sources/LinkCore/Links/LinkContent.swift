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
    /// Where a visit goes after ``expiresAt`` (else the `410` expired page).
    package var expiredURL: String?
    /// Ordered redirect rules: the first that holds for a visit decides where it goes.
    package var rules: [RedirectRule]
    /// An A/B split for the visits no rule decides (none, or 2 to 4).
    package var variants: [LinkVariant]
    /// The stored form of the link's password (``PasswordHash``), `nil` when it has none; the
    /// password itself is never stored.
    package var passwordHash: String? = nil
    /// Labels to find the link by (``LinkTags``), in the order they were written.
    package var tags: [String]

    package init(
        destination: String, social: SocialCard? = nil, fallbacks: Fallbacks = Fallbacks(), skipPreview: Bool = false,
        utm: UTMParameters = UTMParameters(), expiresAt: Date? = nil, firebase: FirebaseParameters? = nil,
        expiredURL: String? = nil, rules: [RedirectRule] = [], variants: [LinkVariant] = [],
        tags: [String] = []
    ) {
        self.destination = destination
        self.social = social
        self.fallbacks = fallbacks
        self.skipPreview = skipPreview
        self.utm = utm
        self.expiresAt = expiresAt
        self.firebase = firebase?.isEmpty == true ? nil : firebase
        self.expiredURL = expiredURL
        self.rules = rules
        self.variants = variants
        self.tags = tags
    }
}
