import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// In-app browsers named from real `User-Agent`s, per app and platform, from the public fixtures
/// `Documentation/InAppBrowsers.md` cites; and the agents that must not count: system browsers,
/// `SFSafariViewController` and Telegram (Safari's and Chrome's own agents), unnamed web views,
/// and the crawlers that share a name with an app.
@Suite("In-app browsers")
struct InAppBrowserTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var agent: String
        var platform: Platform
        /// `nil`: not an in-app browser of the list.
        var app: InAppBrowser?
        var testDescription: String { name }
    }

    static let inApp: [Case] = [
        Case(
            name: "Instagram, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 354.0.0.29.90 (iPhone12,8; iOS 18_1; en_US; en; scale=2.00; 750x1334; 654111336; IABMV/1)",
            platform: .ios, app: .instagram),
        Case(
            name: "Instagram, iPhone, with Safari/",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22F76 Instagram 393.1.0.36.70 (iPhone15,3; iOS 18_5; en_US; en; scale=3.00; 1290x2796; IABMV/1; 776538208) Safari/604.1)",
            platform: .ios, app: .instagram),
        Case(
            name: "Instagram, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Instagram 355.1.0.44.103 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 658190016)",
            platform: .android, app: .instagram),
        Case(
            name: "Facebook, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 [FBAN/FBIOS;FBAV/488.0.0.68.101;FBBV/658219612;FBDV/iPhone12,8;FBMD/iPhone;FBSN/iOS;FBSV/18.1;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0;IABMV/1]",
            platform: .ios, app: .facebook),
        Case(
            name: "Facebook, iPhone, MetaIAB",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook",
            platform: .ios, app: .facebook),
        Case(
            name: "Facebook, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.83 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/488.0.0.62.79;IABMV/1;]",
            platform: .android, app: .facebook),
        Case(
            name: "Messenger, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.4.6 (KHTML, like Gecko) Mobile/14D27 [FBAN/MessengerForiOS;FBAV/124.0.0.50.70;FBBV/63293619;FBDV/iPhone7,1;FBMD/iPhone;FBSN/iOS;FBSV/10.2.1;FBSS/3;FBCR/Viettel;FBID/phone;FBLC/vi_VN;FBOP/5;FBRV/0]",
            platform: .ios, app: .messenger),
        Case(
            name: "Messenger, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 6.0.1; SM-A910F Build/MMB29M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/58.0.3029.83 Mobile Safari/537.36 [FB_IAB/MESSENGER;FBAV/120.0.0.14.84;]",
            platform: .android, app: .messenger),
        Case(
            name: "TikTok, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 BytedanceWebview/d8a21c6 musical_ly_33.2.1 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US FalconTag/BDB55B46-0286-4504-847E-C8300CB9F79D",
            platform: .ios, app: .tiktok),
        Case(
            name: "TikTok, iPhone, trill with Safari/",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1 trill_43.0.0 BytedanceWebview/d8a21c6",
            platform: .ios, app: .tiktok),
        Case(
            name: "TikTok, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.143 Mobile Safari/537.36 musical_ly_2023303040 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/33.3.4 ByteLocale/en ByteFullLocale/en Region/US AppId/1233 Spark/1.5.0.5-alpha.2 AppVersion/33.3.4 BytedanceWebview/d8a21c6",
            platform: .android, app: .tiktok),
        Case(
            name: "LinkedIn, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 15_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]",
            platform: .ios, app: .linkedin),
        Case(
            name: "LinkedIn, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 15; SM-A146P Build/AP3A.240905.015.A2; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/140.0.7339.207 Mobile Safari/537.36 [LinkedInApp]/2.200.63",
            platform: .android, app: .linkedin),
        Case(
            name: "Snapchat, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3.1 Mobile/15E148 Snapchat/12.72.0.39 (like Safari/8617.2.4.10.8, panda)",
            platform: .ios, app: .snapchat),
        Case(
            name: "Snapchat, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 12; Pixel 6 Pro Build/SQ3A.220605.009.A1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/102.0.5005.125 Mobile Safari/537.36Snapchat11.83.0.31 (Pixel 6 Pro; Android 12#8643238#32; gzip; )",
            platform: .android, app: .snapchat),
        Case(
            name: "Threads, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 26_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/23D8133 Barcelona 379.0.0.26.99 (iPhone18,5; iOS 26_3_1; en_GB; en-GB; scale=3.00; 1170x2532; 729743846)",
            platform: .ios, app: .threads),
        Case(
            name: "Threads, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Barcelona 355.0.0.39.109 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 657318936)",
            platform: .android, app: .threads),
        Case(
            name: "LINE, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 11_2_6 like Mac OS X) AppleWebKit/604.5.6 (KHTML, like Gecko) Mobile/15D100 Safari Line/8.4.1",
            platform: .ios, app: .line),
        Case(
            name: "LINE, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 6.0.1; SM-N9208 Build/MMB29K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/58.0.3029.83 Mobile Safari/537.36 Line/7.4.0/IAB",
            platform: .android, app: .line),
        Case(
            name: "WeChat, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.4.6 (KHTML, like Gecko) Mobile/14D27 MicroMessenger/6.5.8 NetType/WIFI Language/zh_CN",
            platform: .ios, app: .wechat),
        Case(
            name: "WeChat, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 6.0.1; D6653 Build/23.5.A.0.575; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/58.0.3029.83 Mobile Safari/537.36 MicroMessenger/6.5.7.1041 NetType/WIFI Language/zh_TW",
            platform: .android, app: .wechat),
        Case(
            name: "WhatsApp, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 26_0_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0.1 Mobile/15E148 Safari/604.1 [WAiOS/2.25.31]",
            platform: .ios, app: .whatsapp),
        Case(
            name: "WhatsApp, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]",
            platform: .android, app: .whatsapp),
        Case(
            name: "X, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.3.12 (KHTML, like Gecko) Mobile/14D27 Twitter for iPhone",
            platform: .ios, app: .x),
        Case(
            name: "X, iPad",
            agent:
                "Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/19H12 Twitter for iPhone/10.34",
            platform: .ios, app: .x),
        Case(
            name: "X, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 13; CPH2531 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.120 Mobile Safari/537.36 TwitterAndroid",
            platform: .android, app: .x),
        Case(
            name: "Google app, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/334.0.674067880 Mobile/15E148 Safari/604.1",
            platform: .ios, app: .googleApp),
        Case(
            name: "Google app, Android web view",
            agent:
                "Mozilla/5.0 (Linux; Android 9; Pixel 3 Build/PQ1A.181205.006; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/71.0.3578.99 Mobile Safari/537.36 GSA/8.65.5.21.arm64",
            platform: .android, app: .googleApp),
    ]

    static let notInApp: [Case] = [
        Case(
            name: "Safari, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            platform: .ios),
        // SFSafariViewController sends Safari's agent, and so does Telegram's browser on iOS.
        Case(
            name: "SFSafariViewController, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.4 Mobile/15E148 Safari/604.1",
            platform: .ios),
        Case(
            name: "Telegram, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/22B5045g Safari/604.1",
            platform: .ios),
        Case(
            name: "Chrome, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) CriOS/58.0.3029.113 Mobile/14D27 Safari/602.1",
            platform: .ios),
        Case(
            name: "Firefox, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/130.1  Mobile/15E148 Safari/605.1.15",
            platform: .ios),
        Case(
            name: "Edge, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/128.0.2739.82 Version/18.0 Mobile/15E148 Safari/604.1",
            platform: .ios),
        Case(
            name: "Chrome, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36",
            platform: .android),
        // Telegram's browser on Android sends Chrome's agent.
        Case(
            name: "Telegram, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.6668.100 Mobile Safari/537.36",
            platform: .android),
        Case(
            name: "Samsung Internet, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
            platform: .android),
        Case(
            name: "Firefox, Android",
            agent: "Mozilla/5.0 (Android 4.4.2; Mobile; rv:53.0) Gecko/53.0 Firefox/53.0", platform: .android),
        // The Google app's `GSA/` outside its web view is not its in-app browser.
        Case(
            name: "GSA/ without a web view, Android",
            agent:
                "Mozilla/5.0 (Linux; Android 5.0; Nexus 5 Build/LRX21N) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/37.0.0.0 Mobile Safari/537.36 GSA/4.1.3.1531624.arm",
            platform: .android),
        // A web view of an app that is not on the list.
        Case(
            name: "Gmail, iPhone",
            agent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 GmailApp/6.0.240310",
            platform: .ios),
        Case(
            name: "Chrome, Windows",
            agent:
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
            platform: .desktop),
        // Crawlers named like the apps.
        Case(name: "WhatsApp crawler", agent: "WhatsApp/2.23.20.0 A", platform: .other),
        Case(
            name: "Linespider", agent: "Mozilla/5.0 (compatible; Linespider/1.1; https://lin.ee/4dwXkTH)",
            platform: .other),
        Case(name: "Twitterbot", agent: "Twitterbot/1.0", platform: .other),
        Case(
            name: "LinkedInBot",
            agent: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
            platform: .other),
        Case(
            name: "facebookexternalhit",
            agent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", platform: .other),
    ]

    @Test("a real in-app browser's User-Agent names its app, a person's visit, as its browser", arguments: inApp)
    func namesApp(_ row: Case) throws {
        let client = ClientInfo(userAgent: row.agent)
        let app = try #require(row.app)
        #expect(client.inApp == app)
        #expect(client.browser == app.name)
        #expect(client.platform == row.platform)
        #expect(!client.isCrawler)
        #expect(!client.isBot)
    }

    @Test(
        "system browsers, SFSafariViewController, Telegram, unnamed web views and crawlers name no app",
        arguments: notInApp)
    func namesNoApp(_ row: Case) {
        let client = ClientInfo(userAgent: row.agent)
        #expect(client.inApp == nil)
        #expect(client.platform == row.platform)
        if let browser = client.browser {
            #expect(InAppBrowser(name: browser) == nil, "browser \(browser)")
        }
    }

    @Test("the table has an iOS and an Android agent for every app")
    func everyAppOnBothPlatforms() {
        for app in InAppBrowser.allCases {
            let platforms = Set(Self.inApp.filter { $0.app == app }.map(\.platform))
            #expect(platforms == [.ios, .android], "\(app)")
        }
    }

    /// Agents made of the tokens alone, for the precedence rule itself: a crawler token that is no
    /// app's wins over an app's token; LINE's `Line/`, in both lists, is LINE on a phone's agent
    /// and the crawler anywhere else.
    @Test("a crawler token wins over an app's, except LINE's Line/ on a phone's agent")
    func crawlerPrecedence() {
        for agent in ["Line/13.4.0", "SnapchatBot/1.0", "Mozilla/5.0 (Linux; Android 14; K) SnapchatBot/1.0"] {
            let client = ClientInfo(userAgent: agent)
            #expect(client.isCrawler && client.isBot && client.inApp == nil, "\(agent)")
        }
        for row in Self.inApp where row.app == .line {
            let client = ClientInfo(userAgent: row.agent)
            #expect(!client.isCrawler && !client.isBot && client.inApp == .line, "\(row.name)")
        }
    }

    @Test("rules' browser values are the families and every app, by its raw value")
    func ruleValues() {
        #expect(
            RuleCondition.browsers == [
                "chrome", "safari", "firefox", "edge", "opera", "samsung", "messenger", "threads", "instagram",
                "facebook", "tiktok", "snapchat", "linkedin", "line", "wechat", "whatsapp", "x", "google-app",
            ])
        for row in Self.inApp {
            let visit = RuleVisit(client: ClientInfo(userAgent: row.agent), now: .now)
            #expect(visit.browser == row.app?.rawValue, "\(row.name)")
            let app = row.app?.rawValue ?? ""
            #expect(RuleCondition.browser([app]).holds(for: visit))
            #expect(!RuleCondition.browser(["safari", "chrome"]).holds(for: visit), "\(row.name)")
        }
        for app in InAppBrowser.allCases { #expect(InAppBrowser(name: app.name) == app) }
    }
}
