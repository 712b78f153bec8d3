import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// `User-Agent` classification: a table of real agents with the answer each must get, and
/// agreement with the `String.contains` classifier that the one-pass scanner replaced.
@Suite("ClientInfo")
struct ClientInfoTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var agent: String
        var platform: Platform
        var os: String?
        var browser: String?
        var crawler = false
        var bot = false
        var inApp: InAppBrowser? = nil
        /// An Android app's web view (`; wv)`): not Chrome, whatever its agent says.
        var webView = false
        var testDescription: String { name }
    }

    static let table: [Case] = [
        // iPhone and iPad.
        Case(
            name: "iPhone Safari",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
            platform: .ios, os: "iOS", browser: "Safari"),
        Case(
            name: "iPhone Chrome",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1",
            platform: .ios, os: "iOS", browser: "Chrome"),
        Case(
            name: "iPhone Firefox",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15",
            platform: .ios, os: "iOS", browser: "Firefox"),
        Case(
            name: "iPhone Edge",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/123.0.2420.56 Mobile/15E148 Safari/605.1.15",
            platform: .ios, os: "iOS", browser: "Edge"),
        Case(
            name: "iPod touch",
            agent:
                "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1",
            platform: .ios, os: "iOS", browser: "Safari"),
        Case(
            name: "iPad mobile Safari",
            agent:
                "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
            platform: .ios, os: "iPadOS", browser: "Safari"),
        // iPadOS 13+ Safari asks for desktop sites and says Macintosh: nothing in the agent tells
        // it from a Mac, so it is a desktop visitor (the preview page's JavaScript cannot run
        // before the redirect).
        Case(
            name: "iPad desktop-class Safari",
            agent:
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
            platform: .desktop, os: "macOS", browser: "Safari"),
        // In-app browsers.
        Case(
            name: "Facebook in-app, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/452.0.0.39.110;FBBV/563187009;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.3.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]",
            platform: .ios, os: "iOS", browser: "Facebook", inApp: .facebook),
        Case(
            name: "Facebook in-app, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.64 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/453.0.0.36.110;]",
            platform: .android, os: "Android", browser: "Facebook", inApp: .facebook, webView: true),
        Case(
            name: "Instagram in-app, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54 (iPhone15,3; iOS 17_4; en_US; en; scale=3.00; 1290x2796; 577210397)",
            platform: .ios, os: "iOS", browser: "Instagram", inApp: .instagram),
        Case(
            name: "Instagram in-app, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36 Instagram 321.0.0.39.106 Android (33/13; 450dpi; 1080x2115; samsung; SM-S918B; dm3q; qcom; en_US; 571235428)",
            platform: .android, os: "Android", browser: "Instagram", inApp: .instagram, webView: true),
        Case(
            name: "TikTok in-app, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_32.9.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US RevealType/Dialog isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6",
            platform: .ios, os: "iOS", browser: "TikTok", inApp: .tiktok),
        Case(
            name: "TikTok in-app, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 trill_320503 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.5.3 ByteLocale/en ByteFullLocale/en Region/DE BytedanceWebview/d8a21c6",
            platform: .android, os: "Android", browser: "TikTok", inApp: .tiktok, webView: true),
        Case(
            name: "LinkedIn in-app, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.8120",
            platform: .ios, os: "iOS", browser: "LinkedIn", inApp: .linkedin),
        Case(
            name: "LinkedIn in-app, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; SM-G991B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.40 Mobile Safari/537.36 [LinkedInApp]/4.1.925",
            platform: .android, os: "Android", browser: "LinkedIn", inApp: .linkedin, webView: true),
        Case(
            name: "Gmail in-app, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 GmailApp/6.0.240310",
            platform: .ios, os: "iOS"),
        Case(
            name: "Gmail in-app, Android web view",
            agent:
                "Mozilla/5.0 (Linux; Android 13; Pixel 6a Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36",
            platform: .android, os: "Android", browser: "Chrome", webView: true),
        // Android phones and tablets.
        Case(
            name: "Android phone Chrome",
            agent:
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
            platform: .android, os: "Android", browser: "Chrome"),
        Case(
            name: "Android Samsung Internet",
            agent:
                "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
            platform: .android, os: "Android", browser: "Samsung Internet"),
        Case(
            name: "Android Firefox",
            agent: "Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0",
            platform: .android, os: "Android", browser: "Firefox"),
        Case(
            name: "Android Edge",
            agent:
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36 EdgA/123.0.2420.102",
            platform: .android, os: "Android", browser: "Edge"),
        Case(
            name: "Android Opera",
            agent:
                "Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36 OPR/81.1.4292.78446",
            platform: .android, os: "Android", browser: "Opera"),
        Case(
            name: "Android tablet Chrome",
            agent:
                "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36",
            platform: .android, os: "Android", browser: "Chrome"),
        Case(
            name: "Android tablet Samsung Internet",
            agent:
                "Mozilla/5.0 (Linux; Android 12; SM-T870) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36",
            platform: .android, os: "Android", browser: "Samsung Internet"),
        // Desktops.
        Case(
            name: "Windows Chrome",
            agent:
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
            platform: .desktop, os: "Windows", browser: "Chrome"),
        Case(
            name: "Windows Edge",
            agent:
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
            platform: .desktop, os: "Windows", browser: "Edge"),
        Case(
            name: "Windows Firefox",
            agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
            platform: .desktop, os: "Windows", browser: "Firefox"),
        Case(
            name: "macOS Firefox",
            agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
            platform: .desktop, os: "macOS", browser: "Firefox"),
        Case(
            name: "ChromeOS Chrome",
            agent:
                "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
            platform: .desktop, os: "ChromeOS", browser: "Chrome"),
        Case(
            name: "Linux Firefox",
            agent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
            platform: .desktop, os: "Linux", browser: "Firefox"),
        Case(
            name: "Linux Opera",
            agent:
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0",
            platform: .desktop, os: "Linux", browser: "Opera"),
        // The link-preview crawlers of the spec.
        Case(
            name: "facebookexternalhit",
            agent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "Facebot", agent: "Facebot", platform: .other, crawler: true, bot: true),
        Case(name: "Twitterbot", agent: "Twitterbot/1.0", platform: .other, crawler: true, bot: true),
        Case(
            name: "Slackbot",
            agent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "LinkedInBot",
            agent: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
            platform: .other, crawler: true, bot: true),
        Case(name: "WhatsApp", agent: "WhatsApp/2.23.20.0 A", platform: .other, crawler: true, bot: true),
        Case(
            name: "Discordbot",
            agent: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "TelegramBot", agent: "TelegramBot (like TwitterBot)", platform: .other, crawler: true, bot: true),
        Case(
            name: "Googlebot smartphone",
            agent:
                "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.60 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            platform: .android, os: "Android", browser: "Chrome", crawler: true, bot: true),
        Case(
            name: "Applebot",
            agent:
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
            platform: .desktop, os: "macOS", browser: "Safari", crawler: true, bot: true),
        Case(
            name: "bingbot",
            agent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "Pinterestbot",
            agent: "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "redditbot",
            agent: "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "Embedly",
            agent: "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "Mastodon",
            agent: "http.rb/5.1.1 (Mastodon/4.2.8; +https://mastodon.social/)",
            platform: .other, crawler: true, bot: true),
        Case(
            name: "Bluesky Cardyb",
            agent: "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)",
            platform: .other, crawler: true, bot: true),
        // Other automated clients: bots, not crawlers.
        Case(name: "curl", agent: "curl/8.5.0", platform: .other, bot: true),
        Case(name: "Wget", agent: "Wget/1.21.3", platform: .other, bot: true),
        Case(name: "Go-http-client", agent: "Go-http-client/1.1", platform: .other, bot: true),
        Case(name: "python-requests", agent: "python-requests/2.31.0", platform: .other, bot: true),
        Case(
            name: "HeadlessChrome",
            agent:
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.60 Safari/537.36",
            platform: .desktop, os: "Linux", browser: "Chrome", bot: true),
        Case(
            name: "AhrefsBot",
            agent: "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
            platform: .other, bot: true),
        Case(
            name: "Apache HttpClient",
            agent: "Apache-HttpClient/4.5.14 (Java/17.0.10)", platform: .other, bot: true),
        Case(name: "no User-Agent", agent: "", platform: .other, bot: true),
    ]

    @Test("a real User-Agent gets its platform, OS, browser, in-app browser, crawler and bot flags", arguments: table)
    func classifiesRealAgent(_ row: Case) {
        let client = ClientInfo(userAgent: row.agent)
        var expected = ClientInfo(
            platform: row.platform, isCrawler: row.crawler, isBot: row.bot, os: row.os, browser: row.browser,
            inApp: row.inApp)
        expected.isWebView = row.webView
        #expect(client == expected)
    }

    @Test("the table has at least 40 User-Agents")
    func tableSize() {
        #expect(ClientInfoTests.table.count >= 40)
    }

    @Test("every agent of the table, and mixtures of their tokens in any case, get the contains-based answer")
    func agreesWithContainsClassifier() {
        var agents = ClientInfoTests.table.map(\.agent) + [Agents.iPhone, Agents.iPad, Agents.android, Agents.desktop]
        agents += Agents.crawlers
        agents += (InAppBrowserTests.inApp + InAppBrowserTests.notInApp).map(\.agent)
        let tokens =
            ClientInfo.crawlerTokens + ClientInfo.botTokens + ClientInfo.botTokens.map { $0.uppercased() } + [
                "iPhone", "iPad", "iPod", "Android", "Windows", "Macintosh", "Mac OS X", "CrOS", "Linux", "X11",
                "Edg/", "EdgA/", "EdgiOS/", "OPR/", "Opera", "SamsungBrowser/", "FBAN", "FBAV", "Instagram",
                "Firefox/", "FxiOS/", "Chrome/", "CriOS/", "Safari/", "Bo", "iPh", "Mac OS", "Edg", "Spi", "CURL/",
                "Go-HTTP-Client", "é", "Ünïcode", "; wv)", "; wv", "Line", "GSA", "FB_", "Twitter for",
            ] + InAppBrowser.allCases.flatMap(\.tokens)
        var generator = SplitMix64(seed: 13)
        for _ in 0..<5000 {
            var agent = ""
            for _ in 0..<Int(generator.next() % 6) {
                agent += tokens[Int(generator.next() % UInt64(tokens.count))]
                if generator.next() % 2 == 0 { agent += " " }
            }
            agents.append(agent)
        }
        for agent in agents {
            #expect(ClientInfo(userAgent: agent) == ContainsClassifier.classify(agent), "User-Agent: \(agent)")
        }
    }
}

/// The classifier `ClientInfo` used before the one-pass scanner (dozens of `String.contains` and a
/// `lowercased()` copy), kept here as the reference its answers must equal.
private enum ContainsClassifier {
    static func classify(_ agent: String) -> ClientInfo {
        guard !agent.isEmpty else {
            return ClientInfo(platform: .other, isCrawler: false, isBot: true, os: nil, browser: nil)
        }
        let appTokens = Set(InAppBrowser.allCases.flatMap(\.tokens))
        let lowered = agent.lowercased()
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
        var app = InAppBrowser.allCases.first { app in
            app.tokens.contains { agent.contains($0) }
                && !(app.needsAndroidWebView && platform == .android && !agent.contains("; wv)"))
        }
        // A crawler token that is no app's makes a crawler; one that is an app's too (`Line/`) only
        // off a phone, or when no app is named.
        let phone = platform == .ios || platform == .android
        let crawler = ClientInfo.crawlerTokens.contains { token in
            agent.contains(token) && (!appTokens.contains(token) || !(phone && app != nil))
        }
        if crawler { app = nil }
        let bot = crawler || ClientInfo.botTokens.contains { lowered.contains($0) }
        var client = ClientInfo(
            platform: platform, isCrawler: crawler, isBot: bot, os: os, browser: app?.name ?? browser(agent),
            inApp: app)
        client.isWebView = platform == .android && agent.contains("; wv)")
        return client
    }

    static func browser(_ agent: String) -> String? {
        if agent.contains("Edg/") || agent.contains("EdgA/") || agent.contains("EdgiOS/") { return "Edge" }
        if agent.contains("OPR/") || agent.contains("Opera") { return "Opera" }
        if agent.contains("SamsungBrowser/") { return "Samsung Internet" }
        if agent.contains("Firefox/") || agent.contains("FxiOS/") { return "Firefox" }
        if agent.contains("Chrome/") || agent.contains("CriOS/") { return "Chrome" }
        if agent.contains("Safari/") { return "Safari" }
        return nil
    }
}
