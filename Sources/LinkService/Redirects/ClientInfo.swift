/// What a request's `User-Agent` says about the visitor.
struct ClientInfo: Sendable, Hashable {
    var platform: Platform
    /// A link-preview crawler: gets the preview page with social tags.
    var isCrawler: Bool
    /// Any automated client (crawlers included): its clicks are counted apart.
    var isBot: Bool
    var os: String?
    var browser: String?

    /// Reads a `User-Agent`; the `Accept` header only matters for crawlers that announce no
    /// interest in HTML, which are still crawlers.
    init(userAgent: String?) {
        guard let agent = userAgent, !agent.isEmpty else {
            self.init(platform: .other, isCrawler: false, isBot: true, os: nil, browser: nil)
            return
        }
        let crawler = ClientInfo.crawlerTokens.contains { agent.contains($0) }
        let lowered = agent.lowercased()
        let bot = crawler || ClientInfo.botTokens.contains { lowered.contains($0) }
        let platform: Platform
        let os: String?
        if agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iPod") {
            (platform, os) = (.ios, agent.contains("iPad") ? "iPadOS" : "iOS")
        } else if agent.contains("Android") {
            (platform, os) = (.android, "Android")
        } else if agent.contains("Windows") {
            (platform, os) = (.desktop, "Windows")
        } else if agent.contains("Macintosh") || agent.contains("Mac OS X") {
            (platform, os) = (.desktop, "macOS")
        } else if agent.contains("CrOS") {
            (platform, os) = (.desktop, "ChromeOS")
        } else if agent.contains("Linux") || agent.contains("X11") {
            (platform, os) = (.desktop, "Linux")
        } else {
            (platform, os) = (.other, nil)
        }
        self.init(platform: platform, isCrawler: crawler, isBot: bot, os: os, browser: ClientInfo.browser(in: agent))
    }

    init(platform: Platform, isCrawler: Bool, isBot: Bool, os: String?, browser: String?) {
        self.platform = platform
        self.isCrawler = isCrawler
        self.isBot = isBot
        self.os = os
        self.browser = browser
    }

    /// Link-preview crawlers, by the token they put in their `User-Agent` (case as they send it).
    static let crawlerTokens = [
        "facebookexternalhit", "Facebot", "Twitterbot", "Slackbot", "LinkedInBot", "WhatsApp", "Discordbot",
        "TelegramBot", "Googlebot", "Applebot", "bingbot", "Pinterest", "redditbot", "Embedly", "SkypeUriPreview",
        "vkShare", "Iframely", "Mastodon", "Bluesky", "Cardyb", "SnapchatBot", "Viber", "Line/",
    ]

    /// Lowercase marks of other automated clients.
    static let botTokens = [
        "bot", "spider", "crawl", "curl/", "wget/", "python-", "go-http-client", "headless", "httpclient", "preview",
    ]

    private static func browser(in agent: String) -> String? {
        // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
        if agent.contains("Edg/") || agent.contains("EdgA/") || agent.contains("EdgiOS/") { return "Edge" }
        if agent.contains("OPR/") || agent.contains("Opera") { return "Opera" }
        if agent.contains("SamsungBrowser/") { return "Samsung Internet" }
        if agent.contains("FBAN") || agent.contains("FBAV") { return "Facebook" }
        if agent.contains("Instagram") { return "Instagram" }
        if agent.contains("Firefox/") || agent.contains("FxiOS/") { return "Firefox" }
        if agent.contains("Chrome/") || agent.contains("CriOS/") { return "Chrome" }
        if agent.contains("Safari/") { return "Safari" }
        return nil
    }
}
