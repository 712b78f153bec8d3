import Foundation
import GeoIP

/// What rules can ask about one visit: the visitor's device and browser, the languages it
/// accepts, its country and address, the visited URL's query, and the time.
///
/// Made per visit only for links that have rules, and with only what their conditions read
/// (``RuleNeeds``): a link without a country condition costs no country lookup.
package struct RuleVisit: Sendable {
    package var client: ClientInfo
    /// Lowercase language tags the visitor accepts (quality above 0).
    package var languages: [String]
    /// ISO 3166-1 alpha-2, upper case; `nil` when unknown.
    package var country: String?
    /// The client address under the trusted-proxy rules; `nil` when unknown.
    package var address: IPAddress?
    package var query: [(name: String, value: String)]
    package var now: Date

    package init(
        client: ClientInfo, languages: [String] = [], country: String? = nil, address: IPAddress? = nil,
        query: [(name: String, value: String)] = [], now: Date
    ) {
        self.client = client
        self.languages = languages
        self.country = country
        self.address = address
        self.query = query
        self.now = now
    }

    /// The first value of the query parameter `name` (`""` when it has none), `nil` when absent.
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The browser as `browser` conditions name it: an in-app browser by its app
    /// (``InAppBrowser``'s raw value, such as `instagram`), else the browser family.
    package var browser: String? {
        if let app = client.inApp { return app.rawValue }
        return switch client.browser {
        case "Chrome": "chrome"
        case "Safari": "safari"
        case "Firefox": "firefox"
        case "Edge": "edge"
        case "Opera": "opera"
        case "Samsung Internet": "samsung"
        default: nil
        }
    }

    /// Whether the visitor's device is `device` (one of ``RuleCondition/devices``): `ios` is any
    /// iPhone, iPad or iPod, `ipad` an iPad only, `mobile` iOS or Android.
    package func isDevice(_ device: String) -> Bool {
        switch device {
        case "ios": client.platform == .ios
        case "ipad": client.os == "iPadOS"
        case "android": client.platform == .android
        case "mobile": client.platform == .ios || client.platform == .android
        case "desktop": client.platform == .desktop
        case "windows": client.os == "Windows"
        case "macos": client.os == "macOS"
        case "linux": client.os == "Linux"
        case "chromeos": client.os == "ChromeOS"
        default: false
        }
    }
}

/// What a link's rules read of a visit beyond its `User-Agent`, so that a visit computes only that.
package struct RuleNeeds: Sendable, Hashable {
    package var languages = false
    package var country = false
    package var address = false
    package var query = false

    package init(_ rules: [RedirectRule]) {
        for condition in rules.lazy.flatMap(\.conditions) {
            switch condition {
            case .language: languages = true
            case .country: country = true
            case .ip: address = true
            case .query: query = true
            case .device, .browser, .before, .after: break
            }
        }
    }
}

extension [RedirectRule] {
    /// The first rule that holds for `visit`, with its index.
    package func firstMatch(for visit: RuleVisit) -> (index: Int, rule: RedirectRule)? {
        for (index, rule) in enumerated() where rule.holds(for: visit) { return (index, rule) }
        return nil
    }
}
