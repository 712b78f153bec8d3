import DeepLinkRouting
import Foundation
import GeoIP
import LinkCore
import LinkService

extension FuzzTarget {
    /// A link request's JSON with `rules` and `variants`: the reader, the policy check of every
    /// target, the stored form read back, and the rules evaluated for a visit made of the
    /// input's tail (after a NUL: an `Accept-Language`, then a client address on the next line).
    static let linkRules = FuzzTarget(name: "link-rules") { bytes in
        let (document, tail) = bytes.splitAtNUL
        guard let request = try? LinkRequest(body: document) else { return }
        let content = request.content
        _ = try? fixturePolicy.check(content, domain: "stories.example.com")
        if RuleJSON.rules(storedText: RuleJSON.storedText(content.rules)) != content.rules {
            fatalError("stored rules do not read back")
        }
        if RuleJSON.variants(storedText: RuleJSON.storedText(content.variants)) != content.variants {
            fatalError("stored variants do not read back")
        }
        let lines = (tail?.text ?? "").split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let visit = RuleVisit(
            client: ClientInfo(userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36"),
            languages: AcceptLanguage.tags(lines.first.map(String.init)), country: "DE",
            address: lines.count > 1 ? IPAddress(lines[1]) : nil, query: [("ref", "newsletter")],
            now: Date(timeIntervalSince1970: 1_800_000_000))
        _ = content.rules.firstMatch(for: visit)
        _ = content.rules.flatMap(\.conditions).map(\.summary)
        if !content.variants.isEmpty {
            _ = VariantSplit.pick(content.variants.map(\.weight), roll: 99)
        }
    }
}
