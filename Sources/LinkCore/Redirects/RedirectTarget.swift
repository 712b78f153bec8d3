/// What a visit is about: a stored link, a route path of a tenant domain, or a Firebase-style
/// long link. Every URL in it has passed ``LinkPolicy``.
package struct RedirectTarget: Sendable, Hashable {
    package var linkID: String?
    /// The URL the visit stands for: the short link, or the path visited.
    package var canonicalURL: String
    package var destination: String
    /// Whether the destination is a page of the website (rather than a deep link).
    package var destinationIsWeb: Bool
    package var social: SocialCard?
    package var fallbacks: Fallbacks
    package var skipPreview: Bool
    package var utm: UTMParameters
    /// An iPad-only fallback (Firebase `ipfl`).
    package var ipadFallback: String?
    /// What the link kept from Firebase Dynamic Links (store campaign fields, app identities).
    package var firebase: FirebaseParameters?
    /// The link's rule or A/B variant that decided the visit; `nil` when the link did.
    package var choice: VisitChoice?

    package init(link: Link, destinationIsWeb: Bool) {
        linkID = link.id
        canonicalURL = link.shortURL
        destination = link.content.destination
        self.destinationIsWeb = destinationIsWeb
        social = link.content.social
        fallbacks = link.content.fallbacks
        skipPreview = link.content.skipPreview
        utm = link.content.utm
        ipadFallback = link.content.firebase?.ipadFallback
        firebase = link.content.firebase
    }

    package init(url: String, destination: String, destinationIsWeb: Bool) {
        linkID = nil
        canonicalURL = url
        self.destination = destination
        self.destinationIsWeb = destinationIsWeb
        social = nil
        fallbacks = Fallbacks()
        skipPreview = false
        utm = UTMParameters()
        ipadFallback = nil
        firebase = nil
    }

    /// The visit sent where a rule or variant says: its destination (when it names one) and the
    /// fallbacks it names, the link's for the others.
    package mutating func send(to destination: String?, fallbacks: Fallbacks?, policy: LinkPolicy) {
        if let destination {
            self.destination = destination
            destinationIsWeb = policy.isWebPageQuickly(destination)
        }
        if let fallbacks {
            self.fallbacks = Fallbacks(
                ios: fallbacks.ios ?? self.fallbacks.ios, android: fallbacks.android ?? self.fallbacks.android,
                desktop: fallbacks.desktop ?? self.fallbacks.desktop)
        }
    }
}
