/// The values of one preview page (`preview.mustache`): the page crawlers read (`og:*`,
/// `twitter:*`, `al:*`) and people without the app see, with the app's icon and name, the link's
/// card, "Get the app" and "Continue on the web", and the Smart App Banner.
///
/// The inline style and script carry the response's CSP nonce. The script is there only when the
/// page has a claim URL (iOS visitors): tapping "Get the app" copies it, then opens the store.
///
/// What differs per visit: ``nonce``, ``claimURL`` and, on an Android page, the claim token that
/// ``ClaimTokenIssuer`` puts into ``getAppURL`` and ``androidIntent``'s fallback (so into
/// ``openAppURL``). What differs per kind of visitor (platform, in-app browser) but not per
/// visit: ``openAppURL`` otherwise, ``escapeURL`` and ``escapeLabel``. The rest is the link's.
package struct PreviewPage: Sendable, Hashable {
    package var title: String
    package var description: String?
    package var imageURL: String?
    package let shortURL: String
    package let siteName: String
    /// The link's destination: the Smart App Banner's `app-argument`.
    package var destination: String
    package var appStoreID: String?
    package var iosURL: String?
    package var androidPackage: String?
    package var androidURL: String?
    package var getAppURL: String?
    package var webURL: String?
    /// The app's icon (manifest `iconURL`).
    package var iconURL: String?
    /// The deferred deep link claim URL "Get the app" copies (iOS visitors only).
    package var claimURL: String?
    /// "Open in app": a way into the app that works from this page. On iOS the route's scheme
    /// link, or the destination on another of the tenant's domains (a universal link to the
    /// page's own domain stays in the browser); on Android ``androidIntent``'s URI. `nil` when
    /// there is none.
    package var openAppURL: String?
    /// The Android intent behind ``openAppURL``, kept whole so that the claim token and the
    /// link's UTM fields reach its fallback (``setAndroidIntent(_:)`` keeps the two together).
    package private(set) var androidIntent: AndroidIntent?
    /// The way out of an in-app browser ("Open in Safari", "Open in browser"): its link and label.
    package var escapeURL: String?
    package var escapeLabel: String?
    /// The letter in place of a missing icon: the first of the app's name.
    package let initial: String
    /// The short link's host, under the card.
    package let host: String?
    package var nonce = ""

    package init(
        title: String, description: String?, imageURL: String?, shortURL: String, siteName: String,
        destination: String, appStoreID: String?, iosURL: String?, androidPackage: String?, androidURL: String?,
        getAppURL: String?, webURL: String?, iconURL: String? = nil, claimURL: String? = nil
    ) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
        self.shortURL = shortURL
        self.siteName = siteName
        self.destination = destination
        self.appStoreID = appStoreID
        self.iosURL = iosURL
        self.androidPackage = androidPackage
        self.androidURL = androidURL
        self.getAppURL = getAppURL
        self.webURL = webURL
        self.iconURL = iconURL
        self.claimURL = claimURL
        self.initial = siteName.first.map { String($0).uppercased() } ?? "?"
        self.host = WebURL(shortURL)?.host
    }

    /// Sets ``androidIntent`` and ``openAppURL`` to its URI.
    package mutating func setAndroidIntent(_ intent: AndroidIntent?) {
        androidIntent = intent
        openAppURL = intent?.uri
    }

    package static let example: PreviewPage = {
        var page = PreviewPage(
            title: "Spring stories", description: "Fresh tales", imageURL: "https://cdn.example.com/spring.png",
            shortURL: "https://go.example.com/spring", siteName: "Stories",
            destination: "https://www.example.com/stories/spring", appStoreID: "1", iosURL: "stories://stories/spring",
            androidPackage: "com.example.stories", androidURL: "stories://stories/spring",
            getAppURL: "https://apps.apple.com/app/id1", webURL: "https://www.example.com/stories/spring",
            iconURL: "https://cdn.example.com/icon.png", claimURL: "https://go.example.com/spring?wf_claim=token")
        page.openAppURL = "stories://stories/spring"
        page.escapeURL = "x-safari-https://go.example.com/spring"
        page.escapeLabel = "Open in Safari"
        return page
    }()
}
