/// What a request's `User-Agent` says about the visitor.
package struct ClientInfo: Sendable, Hashable {
    package var platform: Platform
    /// A link-preview crawler: gets the preview page with social tags.
    package var isCrawler: Bool
    /// Any automated client (crawlers included): its clicks are counted apart.
    package var isBot: Bool
    package var os: String?
    /// The browser: the in-app browser's app (``InAppBrowser/name``, such as `Instagram`) when the
    /// visit came from one, else the browser family (`Safari`, `Chrome`, `Samsung Internet`, …).
    package var browser: String?
    /// The app whose built-in browser the visit came from; never set for a crawler.
    package var inApp: InAppBrowser?
    /// An Android app's web view (`; wv)` in the agent), whichever app it is in: its agent
    /// names Chrome, but it is not Chrome and does not follow Chrome's `intent:` rules.
    package var isWebView = false

    /// Reads a `User-Agent`; the `Accept` header only matters for crawlers that announce no
    /// interest in HTML, which are still crawlers.
    ///
    /// One pass over the agent's bytes (``UserAgentScanner``) finds every token below; the
    /// answer is then read off the marks found, in the same order of precedence as the tokens.
    package init(userAgent: String?) {
        guard let agent = userAgent, !agent.isEmpty else {
            self.init(platform: .other, isCrawler: false, isBot: true, os: nil, browser: nil)
            return
        }
        let marks = Mark(rawValue: ClientInfo.scanner.marks(in: agent))
        let platform: Platform
        let os: String?
        if !marks.isDisjoint(with: [.iPhone, .iPad, .iPod]) {
            (platform, os) = (.ios, marks.contains(.iPad) ? "iPadOS" : "iOS")
        } else if marks.contains(.android) {
            (platform, os) = (.android, "Android")
        } else if marks.contains(.windows) {
            (platform, os) = (.desktop, "Windows")
        } else if marks.contains(.macOS) {
            (platform, os) = (.desktop, "macOS")
        } else if marks.contains(.chromeOS) {
            (platform, os) = (.desktop, "ChromeOS")
        } else if marks.contains(.linux) {
            (platform, os) = (.desktop, "Linux")
        } else {
            (platform, os) = (.other, nil)
        }
        var app = marks.isDisjoint(with: .anyApp) ? nil : ClientInfo.app(marks, platform: platform)
        // LINE's in-app browser says `Line/`, a crawler token too: on a phone's full browser
        // agent it is a person in the app, anywhere else the crawler.
        let phone = platform == .ios || platform == .android
        let crawler =
            marks.contains(.crawler)
            || (!marks.isDisjoint(with: ClientInfo.crawlerSharedApps) && !(phone && app != nil))
        if crawler { app = nil }
        let bot = crawler || marks.contains(.bot)
        self.init(
            platform: platform, isCrawler: crawler, isBot: bot, os: os,
            browser: app?.name ?? ClientInfo.browser(marks), inApp: app)
        isWebView = platform == .android && marks.contains(.androidWebView)
    }

    /// A person's browser: neither a crawler nor any other automated client. Only a person's
    /// visit gets what hands a click to an app (a claim token, `wf_click`).
    package var isPerson: Bool { !isBot && !isCrawler }

    /// Whether the visitor's browser opens an app from a `302` to an `intent:` URI without a
    /// tap on the page: Chrome for Android (and its Custom Tabs) and Samsung Internet, not in a
    /// web view. Chrome launches an app from a redirect that a tap started ("Android Intents with
    /// Chrome", Chromium's `external_intents` README); in-app browsers, web views and other
    /// browsers get a page whose "Open in app" is the tap.
    package var followsIntentRedirects: Bool {
        platform == .android && inApp == nil && !isWebView && !isBot
            && (browser == "Chrome" || browser == "Samsung Internet")
    }

    package init(
        platform: Platform, isCrawler: Bool, isBot: Bool, os: String?, browser: String?, inApp: InAppBrowser? = nil
    ) {
        self.platform = platform
        self.isCrawler = isCrawler
        self.isBot = isBot
        self.os = os
        self.browser = browser
        self.inApp = inApp
    }

    /// Link-preview crawlers, by the token they put in their `User-Agent` (case as they send it).
    package static let crawlerTokens = [
        "facebookexternalhit", "Facebot", "Twitterbot", "Slackbot", "LinkedInBot", "WhatsApp", "Discordbot",
        "TelegramBot", "Googlebot", "Applebot", "bingbot", "Pinterest", "redditbot", "Embedly", "SkypeUriPreview",
        "vkShare", "Iframely", "Mastodon", "Bluesky", "Cardyb", "SnapchatBot", "Viber", "Line/",
    ]

    /// Lowercase marks of other automated clients.
    package static let botTokens = [
        "bot", "spider", "crawl", "curl/", "wget/", "python-", "go-http-client", "headless", "httpclient", "preview",
    ]

    /// The first app of ``InAppBrowser``'s precedence whose mark was found.
    private static func app(_ marks: Mark, platform: Platform) -> InAppBrowser? {
        for (index, app) in apps.enumerated() where marks.contains(Mark(appAt: index)) {
            if app.needsAndroidWebView, platform == .android, !marks.contains(.androidWebView) { continue }
            return app
        }
        return nil
    }

    /// ``InAppBrowser/allCases`` made once (the synthesized property makes a new array each time).
    private static let apps = InAppBrowser.allCases

    private static func browser(_ marks: Mark) -> String? {
        // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
        if marks.contains(.edge) { return "Edge" }
        if marks.contains(.opera) { return "Opera" }
        if marks.contains(.samsung) { return "Samsung Internet" }
        if marks.contains(.firefox) { return "Firefox" }
        if marks.contains(.chrome) { return "Chrome" }
        if marks.contains(.safari) { return "Safari" }
        return nil
    }

    /// What the scanner found; several tokens may set the same mark.
    private struct Mark: OptionSet {
        let rawValue: UInt32
        static let crawler = Mark(rawValue: 1 << 0)
        static let bot = Mark(rawValue: 1 << 1)
        static let iPhone = Mark(rawValue: 1 << 2)
        static let iPad = Mark(rawValue: 1 << 3)
        static let iPod = Mark(rawValue: 1 << 4)
        static let android = Mark(rawValue: 1 << 5)
        static let windows = Mark(rawValue: 1 << 6)
        static let macOS = Mark(rawValue: 1 << 7)
        static let chromeOS = Mark(rawValue: 1 << 8)
        static let linux = Mark(rawValue: 1 << 9)
        static let edge = Mark(rawValue: 1 << 10)
        static let opera = Mark(rawValue: 1 << 11)
        static let samsung = Mark(rawValue: 1 << 12)
        static let firefox = Mark(rawValue: 1 << 13)
        static let chrome = Mark(rawValue: 1 << 14)
        static let safari = Mark(rawValue: 1 << 15)
        /// `; wv)`: an Android app's web view.
        static let androidWebView = Mark(rawValue: 1 << 16)
        /// The first of the apps' marks, one per ``InAppBrowser`` case in its order.
        static let firstApp = 17

        init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The mark of the tokens of ``ClientInfo/apps``' app at `index`.
        init(appAt index: Int) {
            precondition(Mark.firstApp + index < UInt32.bitWidth, "more apps than a mark has bits")
            self.init(rawValue: 1 << (Mark.firstApp + index))
        }

        static let anyApp = Mark(apps.indices.map(Mark.init(appAt:)))
    }

    /// The marks of apps whose token is also a crawler's (LINE's `Line/`).
    private static let crawlerSharedApps = Mark(
        apps.indices.filter { !Set(apps[$0].tokens).isDisjoint(with: crawlerTokens) }.map(Mark.init(appAt:)))

    /// Platform and browser tokens, case as browsers send them, with the mark each sets.
    private static let platformAndBrowserTokens: [(String, Mark)] = [
        ("iPhone", .iPhone), ("iPad", .iPad), ("iPod", .iPod), ("Android", .android), ("Windows", .windows),
        ("Macintosh", .macOS), ("Mac OS X", .macOS), ("CrOS", .chromeOS), ("Linux", .linux), ("X11", .linux),
        ("Edg/", .edge), ("EdgA/", .edge), ("EdgiOS/", .edge), ("OPR/", .opera), ("Opera", .opera),
        ("SamsungBrowser/", .samsung), ("Firefox/", .firefox), ("FxiOS/", .firefox), ("Chrome/", .chrome),
        ("CriOS/", .chrome), ("Safari/", .safari), ("; wv)", .androidWebView),
    ]

    /// Every app's tokens with its mark.
    private static let appTokens: [(String, Mark)] = apps.indices.flatMap { index in
        apps[index].tokens.map { ($0, Mark(appAt: index)) }
    }

    // A crawler token that is also an app's (`Line/`) sets the app's mark only: whether it is the
    // crawler is decided with the platform.
    private static let scanner = UserAgentScanner(
        caseSensitive: crawlerTokens.filter { token in !appTokens.contains { $0.0 == token } }.map {
            ($0, Mark.crawler.rawValue)
        } + (platformAndBrowserTokens + appTokens).map { ($0.0, $0.1.rawValue) },
        caseInsensitive: botTokens.map { ($0, Mark.bot.rawValue) })
}
