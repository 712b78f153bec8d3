/// The browser built into another app (Instagram, TikTok, …) that a visit came from, as its
/// `User-Agent` names it; ``ClientInfo`` finds it in the same pass as the platform and browser.
///
/// The raw value is what a rule's `browser` condition names; ``name`` is what a click records and
/// the stats' `inApp` counts. Which apps cannot be told from the system browser (Telegram, apps
/// that open links in `SFSafariViewController` or Chrome Custom Tabs) is in
/// `Documentation/InAppBrowsers.md`, with the public source of every token below.
package enum InAppBrowser: String, Sendable, Hashable, CaseIterable {
    // In order of precedence: the first whose token is in the agent names it. Messenger says
    // `FBAN`/`FBAV` as Facebook does, Threads is built on Instagram's code.
    case messenger
    case threads
    case instagram
    case facebook
    case tiktok
    case snapchat
    case linkedin
    case line
    case wechat
    case whatsapp
    case x
    case googleApp = "google-app"

    /// The app's name as clicks record it and stats show it.
    package var name: String {
        switch self {
        case .messenger: "Messenger"
        case .threads: "Threads"
        case .instagram: "Instagram"
        case .facebook: "Facebook"
        case .tiktok: "TikTok"
        case .snapchat: "Snapchat"
        case .linkedin: "LinkedIn"
        case .line: "LINE"
        case .wechat: "WeChat"
        case .whatsapp: "WhatsApp"
        case .x: "X"
        case .googleApp: "Google app"
        }
    }

    /// The app whose ``name`` this is.
    package init?(name: String) {
        guard let app = InAppBrowser.allCases.first(where: { $0.name == name }) else { return nil }
        self = app
    }

    /// The `User-Agent` tokens (case as the apps send them) that name the app, iOS and Android.
    package var tokens: [String] {
        switch self {
        // `FBAN/MessengerForiOS` (and `MessengerLiteForiOS`); `FB_IAB/MESSENGER` on Android, and
        // `Orca-Android`, its older name.
        case .messenger: ["FBAN/Messenger", "FB_IAB/MESSENGER", "Orca-Android"]
        // Threads' code name.
        case .threads: ["Barcelona"]
        case .instagram: ["Instagram"]
        // `[FBAN/FBIOS;FBAV/…]` on iOS, `[FB_IAB/FB4A;FBAV/…]` on Android, `MetaIAB Facebook` in
        // the newest iOS builds.
        case .facebook: ["FBAN", "FBAV", "FB_IAB", "MetaIAB Facebook"]
        // `musical_ly_<version>` (its former name), `trill_<version>` (some regions' build), and
        // ByteDance's web view.
        case .tiktok: ["musical_ly", "trill_", "BytedanceWebview"]
        // `Snapchat/12.…` on iOS; Android glues it to `Safari/537.36` (`…Safari/537.36Snapchat10.…`,
        // later with a slash). `SnapchatBot` also has it: a crawler is never an in-app visit.
        case .snapchat: ["Snapchat"]
        case .linkedin: ["LinkedInApp"]
        // `Safari Line/14.9.0` on iOS, `Line/7.4.0/IAB` on Android: `Line/` is also a crawler
        // token, which an in-app agent of a phone overrides (``ClientInfo``).
        case .line: ["Line/"]
        case .wechat: ["MicroMessenger/"]
        // The phone's own browser agent with `[WAiOS/…]` or `[WA4A/…]`; `WhatsApp/2.…` alone is the
        // link-preview crawler.
        case .whatsapp: ["WAiOS/", "WA4A/"]
        // `Twitter for iPhone/…` (iOS builds that use a web view) and `TwitterAndroid`.
        case .x: ["Twitter for iPhone", "Twitter for iPad", "TwitterAndroid"]
        // `GSA/<version>`: on Android only in the app's web view (`; wv)`), see
        // ``needsAndroidWebView``.
        case .googleApp: ["GSA/"]
        }
    }

    /// Whether an Android agent names the app only from a web view (`; wv)` in the agent): the
    /// Google app's `GSA/` is then its own browser.
    package var needsAndroidWebView: Bool { self == .googleApp }
}
