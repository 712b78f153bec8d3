import Foundation

/// A short link to create on the device: what it opens, how it looks when shared, and where
/// people without the app go.
///
/// With an app key the destination must open one of the tenant's routes (a free web URL is
/// refused with `400`): build it with DeepLinkRouting's `RouteTable.url(for:parameters:style:)`.
public struct ShortLinkRequest: Sendable, Hashable {
    /// What the link opens: a deep link that resolves to a route of the tenant's manifest (or,
    /// with a server key, a URL on a host the tenant allows).
    public var destination: URL
    /// The social card that link previews (Messages, Slack, WhatsApp, ...) show.
    public var social: SocialCard?
    /// Where each platform goes without the app; the manifest's defaults otherwise.
    public var fallbacks: Fallbacks?
    /// A custom alias (1 to 64 of `A-Z a-z 0-9 _ -`); a slug is generated without one.
    public var slug: String?
    /// One of the tenant's domains; its first domain without one.
    public var domain: String?
    /// A generated slug of 22 characters instead of 7, for links that must not be guessed.
    public var unguessable: Bool?
    /// iOS visitors without the app go straight to the App Store, past the preview page.
    public var skipPreview: Bool?
    /// Labels to find the link by in the console and the API (1 to 32 of `A-Z a-z 0-9 - _`).
    public var tags: [String]?

    public init(
        destination: URL, social: SocialCard? = nil, fallbacks: Fallbacks? = nil, slug: String? = nil,
        domain: String? = nil, unguessable: Bool? = nil, skipPreview: Bool? = nil, tags: [String]? = nil
    ) {
        self.destination = destination
        self.social = social
        self.fallbacks = fallbacks
        self.slug = slug
        self.domain = domain
        self.unguessable = unguessable
        self.skipPreview = skipPreview
        self.tags = tags
    }

    /// The card a link preview shows: title, description and image.
    public struct SocialCard: Sendable, Hashable {
        public var title: String?
        public var description: String?
        /// An http(s) URL of the image.
        public var imageURL: URL?

        public init(title: String? = nil, description: String? = nil, imageURL: URL? = nil) {
            self.title = title
            self.description = description
            self.imageURL = imageURL
        }
    }

    /// Where a visitor without the app goes, per platform: a page of the tenant's website or of
    /// one of its domains (iOS may also name the App Store, Android the Play Store). Without one,
    /// a phone goes to its store's page for the app and a desktop to the destination or website.
    public struct Fallbacks: Sendable, Hashable {
        public var ios: URL?
        public var android: URL?
        /// Desktop and other platforms.
        public var desktop: URL?

        public init(ios: URL? = nil, android: URL? = nil, desktop: URL? = nil) {
            self.ios = ios
            self.android = android
            self.desktop = desktop
        }
    }
}
