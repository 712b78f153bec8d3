import Foundation

/// One condition of a ``RedirectRule``, as the spec's JSON names it (`{"device": "android"}`,
/// `{"query": "ref", "equals": "newsletter"}`, …).
package enum RuleCondition: Sendable, Hashable {
    /// The visitor's device is one of these (`ios`, `ipad`, `android`, `mobile`, `desktop`,
    /// `windows`, `macos`, `linux`, `chromeos`).
    case device([String])
    /// The visitor's browser is one of these: a browser family (`chrome`, `safari`, `firefox`,
    /// `edge`, `opera`, `samsung`) or the app whose in-app browser it is (`instagram`, `facebook`,
    /// `messenger`, `tiktok`, …, ``InAppBrowser``'s raw values). An in-app browser is its app
    /// only: Instagram's web view on an iPhone is not `safari`.
    case browser([String])
    /// The visitor accepts one of these languages (`Accept-Language`, quality above 0); `es`
    /// holds for `es-ES`, `es-ES` only for `es-ES`. Kept lowercase.
    case language([String])
    /// The visitor's country is one of these ISO 3166-1 alpha-2 codes (never holds when the country
    /// is unknown).
    case country([String])
    /// The query parameter `name` of the visited URL is there, and matches.
    case query(name: String, match: QueryMatch)
    /// The client address is one of these addresses or falls in one of these networks.
    case ip([IPRange])
    /// The visit is before this time.
    case before(Date)
    /// The visit is at or after this time.
    case after(Date)

    /// How a query condition reads the parameter.
    package enum QueryMatch: Sendable, Hashable {
        /// Present, any value (or none).
        case present
        /// Present with exactly this value.
        case equals(String)
        /// Present without a value (`?preview` or `?preview=`).
        case valueless
    }

    /// The devices a `device` condition names.
    package static let devices = [
        "ios", "ipad", "android", "mobile", "desktop", "windows", "macos", "linux", "chromeos",
    ]
    /// The browsers a `browser` condition names: the families, then the in-app browsers' apps.
    package static let browsers =
        ["chrome", "safari", "firefox", "edge", "opera", "samsung"] + InAppBrowser.allCases.map(\.rawValue)
    /// The keys that start a condition object, one per kind.
    package static let kinds = ["device", "browser", "language", "country", "query", "ip", "before", "after"]

    /// Whether the condition holds for `visit`.
    package func holds(for visit: RuleVisit) -> Bool {
        switch self {
        case .device(let devices):
            return devices.contains { visit.isDevice($0) }
        case .browser(let browsers):
            guard let browser = visit.browser else { return false }
            return browsers.contains(browser)
        case .language(let languages):
            return visit.languages.contains { accepted in
                languages.contains { wanted in
                    accepted == wanted
                        || (accepted.utf8.count > wanted.utf8.count && accepted.hasPrefix(wanted)
                            && accepted.utf8[accepted.utf8.index(accepted.utf8.startIndex, offsetBy: wanted.utf8.count)]
                                == UInt8(ascii: "-"))
                }
            }
        case .country(let countries):
            guard let country = visit.country else { return false }
            return countries.contains(country)
        case .query(let name, let match):
            guard let value = visit.queryValue(name) else { return false }
            switch match {
            case .present: return true
            case .equals(let expected): return value == expected
            case .valueless: return value.isEmpty
            }
        case .ip(let ranges):
            guard let address = visit.address else { return false }
            return ranges.contains { $0.contains(address) }
        case .before(let date):
            return visit.now < date
        case .after(let date):
            return visit.now >= date
        }
    }
}
