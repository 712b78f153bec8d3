/// What a request's `User-Agent` says about the visitor.
package struct ClientInfo: Sendable, Hashable {
    package var platform: Platform
    /// A link-preview crawler: gets the preview page with social tags.
    package var isCrawler: Bool
    /// Any automated client (crawlers included): its clicks are counted apart.
    package var isBot: Bool
    package var os: String?
    package var browser: String?

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
        let crawler = marks.contains(.crawler)
        let bot = crawler || marks.contains(.bot)
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
        self.init(platform: platform, isCrawler: crawler, isBot: bot, os: os, browser: ClientInfo.browser(marks))
    }

    package init(platform: Platform, isCrawler: Bool, isBot: Bool, os: String?, browser: String?) {
        self.platform = platform
        self.isCrawler = isCrawler
        self.isBot = isBot
        self.os = os
        self.browser = browser
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

    private static func browser(_ marks: Mark) -> String? {
        // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
        if marks.contains(.edge) { return "Edge" }
        if marks.contains(.opera) { return "Opera" }
        if marks.contains(.samsung) { return "Samsung Internet" }
        if marks.contains(.facebook) { return "Facebook" }
        if marks.contains(.instagram) { return "Instagram" }
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
        static let facebook = Mark(rawValue: 1 << 13)
        static let instagram = Mark(rawValue: 1 << 14)
        static let firefox = Mark(rawValue: 1 << 15)
        static let chrome = Mark(rawValue: 1 << 16)
        static let safari = Mark(rawValue: 1 << 17)
    }

    /// Platform and browser tokens, case as browsers send them, with the mark each sets.
    private static let platformAndBrowserTokens: [(String, Mark)] = [
        ("iPhone", .iPhone), ("iPad", .iPad), ("iPod", .iPod), ("Android", .android), ("Windows", .windows),
        ("Macintosh", .macOS), ("Mac OS X", .macOS), ("CrOS", .chromeOS), ("Linux", .linux), ("X11", .linux),
        ("Edg/", .edge), ("EdgA/", .edge), ("EdgiOS/", .edge), ("OPR/", .opera), ("Opera", .opera),
        ("SamsungBrowser/", .samsung), ("FBAN", .facebook), ("FBAV", .facebook), ("Instagram", .instagram),
        ("Firefox/", .firefox), ("FxiOS/", .firefox), ("Chrome/", .chrome), ("CriOS/", .chrome), ("Safari/", .safari),
    ]

    private static let scanner = UserAgentScanner(
        caseSensitive: crawlerTokens.map { ($0, Mark.crawler.rawValue) }
            + platformAndBrowserTokens.map { ($0.0, $0.1.rawValue) },
        caseInsensitive: botTokens.map { ($0, Mark.bot.rawValue) })
}
