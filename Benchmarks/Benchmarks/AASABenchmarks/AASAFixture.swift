import BenchmarkSupport
import Foundation

/// A deterministic apple-app-site-association file and URLs to decide against it, handed to both
/// matchers.
///
/// The file has a first detail for another app (which both sides must skip) and then `ruleCount`
/// modern components for ``appID`` in six shapes that real files use: a path prefix, a path with
/// a required query item, an `exclude` rule, a `#` fragment with two wildcards in the path, a
/// case-insensitive rule and a `?` single-character run. URLs are hits on rules spread over the
/// whole file (the first matching rule decides, so later rules cost more), excluded URLs, URLs
/// that fail one component of a rule and URLs that no rule covers.
struct AASAFixture: Sendable {
    static let domain = "example.com"
    static let appID = "ABCDE12345.com.example.app"
    static let otherAppID = "VWXYZ98765.com.example.other"
    /// Number of URLs in `urls`; every benchmark sample decides each of them once.
    static let urlCount = 1_000
    static let shapes = 6

    let ruleCount: Int
    let json: Data
    let urls: [String]

    init(ruleCount: Int) {
        self.ruleCount = ruleCount
        self.json = Data(AASAFixture.document(ruleCount: ruleCount).utf8)
        var generator = SplitMix64(seed: UInt64(ruleCount))
        self.urls = (0..<AASAFixture.urlCount).map { _ in AASAFixture.url(ruleCount: ruleCount, using: &generator) }
    }

    /// The largest file of this shape that stays within `bytes` (Apple's limit is 128 KB).
    init(fillingBytes bytes: Int) {
        var low = 1
        var high = bytes / 8
        while low < high {
            let middle = (low + high + 1) / 2
            if AASAFixture.document(ruleCount: middle).utf8.count <= bytes { low = middle } else { high = middle - 1 }
        }
        self.init(ruleCount: low)
    }

    static func rule(_ index: Int) -> String {
        switch index % shapes {
        case 0: #"{"/":"/s\#(index)/*"}"#
        case 1: #"{"/":"/p\#(index)/?*","?":{"ref":"?*"}}"#
        case 2: #"{"/":"/h\#(index)/*","exclude":true}"#
        case 3: ##"{"/":"/c\##(index)/*/x/*","#":"n*"}"##
        case 4: #"{"/":"/L\#(index)/*","caseSensitive":false}"#
        default: #"{"/":"/v\#(index)/???/*"}"#
        }
    }

    static func document(ruleCount: Int) -> String {
        let other = (0..<8).map { #"{"/":"/other\#($0)/*"}"# }.joined(separator: ",")
        let rules = (0..<ruleCount).map(rule).joined(separator: ",")
        return #"{"applinks":{"details":[{"appIDs":["\#(otherAppID)"],"components":[\#(other)]},"#
            + #"{"appIDs":["\#(appID)"],"components":[\#(rules)]}]}}"#
    }

    private static func url(ruleCount: Int, using generator: inout SplitMix64) -> String {
        let base = "https://\(domain)"
        let index = Int(generator.next() % UInt64(ruleCount))
        let number = generator.next() % 100_000
        if generator.next() % 5 == 0 {
            // Decided after walking every rule (or at the first component that fails).
            switch generator.next() % 4 {
            case 0: return "\(base)/nothing/\(number)"
            case 1: return "\(base)/p\(index - index % shapes + 1)/item\(number)"  // the query item is missing
            case 2: return "\(base)/c\(index - index % shapes + 3)/a/x/b#z\(number)"  // wrong fragment
            default: return "https://other.\(domain)/s\(index - index % shapes)/\(number)"  // another host
            }
        }
        switch index % shapes {
        case 0: return "\(base)/s\(index)/story/\(number)"
        case 1: return "\(base)/p\(index)/item\(number)?ref=mail&utm_source=x"
        case 2: return "\(base)/h\(index)/help/\(number)"
        case 3: return "\(base)/c\(index)/general/x/\(number)#n\(number)"
        case 4: return "\(base)/l\(index)/LEGACY/\(number)"
        default: return "\(base)/v\(index)/abc/\(number)"
        }
    }
}
