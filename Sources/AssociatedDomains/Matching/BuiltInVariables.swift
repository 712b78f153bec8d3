import DeepLinkRouting
import Foundation

/// The substitution variables iOS defines without a declaration.
///
/// `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)` and `$(xdigit)` stand for one ASCII
/// character each; `$(region)` for an ISO 3166-1 region code and `$(lang)` for an ISO 639 language
/// code, both from Foundation's lists (so `GB`, never `UK`).
package enum BuiltInVariables {
    /// What a built-in variable stands for.
    package enum Values: Sendable, Hashable {
        case oneCharacter(WildcardPattern.ScalarClass)
        case codes([String])
    }

    package static let names = WildcardPattern.ScalarClass.allCases.map(\.rawValue) + ["region", "lang"]

    /// ISO 3166-1 region codes as Foundation lists them.
    package static let regionCodes: [String] = {
        let codes = Locale.Region.isoRegions.map(\.identifier)
        // Foundation's list also holds UN M.49 numeric areas ("001"); a URL region is two letters.
        return codes.filter { $0.count == 2 && $0.allSatisfy(\.isLetter) }.sorted()
    }()

    /// ISO 639 language codes as Foundation lists them.
    package static let languageCodes: [String] = {
        Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier)).sorted()
    }()

    /// The values of the built-in variable `name`, or `nil` when there is none.
    package static func values(for name: String) -> Values? {
        if let scalarClass = WildcardPattern.ScalarClass(rawValue: name) { return .oneCharacter(scalarClass) }
        switch name {
        case "region": return .codes(regionCodes)
        case "lang": return .codes(languageCodes)
        default: return nil
        }
    }
}
