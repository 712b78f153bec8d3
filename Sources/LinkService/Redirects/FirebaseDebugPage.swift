import DeepLinkRouting
import Foundation
import GeoIP
import LinkCore

/// The `?d=1` page of a link, as Firebase Dynamic Links had: for each kind of visitor, where the
/// link sends them and why (which parameter or fallback decided).
///
/// Every row but the first comes from `RedirectPlanner/plan(_:for:acceptsHTML:)` with a
/// representative `User-Agent`, the very call a real visit makes, so the page cannot disagree
/// with the redirects. The first row (iOS with the app) is decided by iOS itself: the app opens
/// the link without asking the server, and the page says which route of the manifest it lands on.
package struct FirebaseDebugPage: Sendable {
    package let tenant: Tenant
    package let target: RedirectTarget
    /// The stored link, whose rules and variants decide each simulated visit; `nil` for a route
    /// path or a long link.
    package var link: Link? = nil
    /// The simulated visitor's country, languages and address, as typed into the page.
    package var inputs = DebugInputs()
    /// The visited URL's query (`?d=1` and what else it carries), for `query` conditions.
    package var query: [(name: String, value: String)] = []
    package var now = Date()
    /// The variant the viewing browser's cookie keeps, if any.
    package var rememberedVariant: Int? = nil

    /// One visitor of the table.
    package struct Row: Sendable, Hashable {
        package var visitor: String
        package var answer: String
        package var url: String?
        package var reason: String
        /// Which rule or variant decided the visit, and why; `nil` for a link without either.
        package var decidedBy: String? = nil
    }

    /// Representative user agents of the visitors the page shows.
    package static let visitors: [(name: String, userAgent: String)] = [
        (
            "iOS without the app",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
        ),
        (
            "iPad without the app",
            "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
        ),
        (
            "Android without the app",
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
        ),
        (
            "Desktop",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
        ),
        ("Link-preview crawler", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
    ]

    package var rows: [Row] {
        let planner = RedirectPlanner(tenant: tenant)
        var rows = [appRow]
        for visitor in Self.visitors {
            let client = ClientInfo(userAgent: visitor.userAgent)
            var target = self.target
            let decidedBy = decide(&target, for: client)
            let plan = planner.plan(target, for: client)
            switch plan.decision {
            case .redirect(let location):
                rows.append(
                    Row(
                        visitor: visitor.name, answer: "302 redirect", url: location, reason: plan.reason,
                        decidedBy: decidedBy))
            case .intent(let intent):
                rows.append(
                    Row(
                        visitor: visitor.name, answer: "302 redirect to an Android intent", url: intent.uri,
                        reason: plan.reason, decidedBy: decidedBy))
            case .preview:
                rows.append(
                    Row(
                        visitor: visitor.name, answer: "preview page", url: nil, reason: plan.reason,
                        decidedBy: decidedBy))
            }
        }
        return rows
    }

    /// Sends the simulated visit where the link's rules or A/B split would, as a real visit is
    /// (``RedirectHandler/choose(for:target:client:query:request:context:policy:)``); says which
    /// and why.
    private func decide(_ target: inout RedirectTarget, for client: ClientInfo) -> String? {
        guard let link, !link.content.rules.isEmpty || !link.content.variants.isEmpty else { return nil }
        let policy = LinkPolicy(tenant: tenant)
        let content = link.content
        let visit = RuleVisit(
            client: client, languages: AcceptLanguage.tags(inputs.language), country: inputs.countryCode,
            address: IPAddress(inputs.ip.trimmingCharacters(in: .whitespaces)), query: query, now: now)
        if let match = content.rules.firstMatch(for: visit) {
            target.send(to: match.rule.destination, fallbacks: match.rule.fallbacks, policy: policy)
            let conditions = match.rule.conditions.map(\.summary).joined(separator: ", ")
            return "\(match.rule.label(index: match.index)): all its conditions hold (\(conditions))"
        }
        let none = content.rules.isEmpty ? "" : "no rule holds; "
        guard !content.variants.isEmpty else { return none + "the link itself" }
        let index = rememberedVariant.flatMap { content.variants.indices.contains($0) ? $0 : nil } ?? 0
        let variant = content.variants[index]
        target.send(to: variant.destination, fallbacks: variant.fallbacks, policy: policy)
        let weights = content.variants.map { "\($0.weight)%" }.joined(separator: " / ")
        let shown = rememberedVariant == index ? "your browser's variant" : "shown here"
        return none
            + "A/B split (\(weights)): variant \(index + 1) (\(shown)); each browser is given one by weight and keeps it"
    }

    private var appRow: Row {
        let name = "iOS or Android with the app"
        guard case .matched(let route, let parameters) = tenant.routes.resolve(target.destination) else {
            return Row(
                visitor: name, answer: "the app is not opened", url: target.destination,
                reason: "the destination is no route of the manifest; visitors are treated as without the app")
        }
        let values = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        let opening =
            tenant.manifest.shortLinksOpenApp
            ? "the app opens the link itself (universal link / App Link), asks /api/v1/resolve"
            : "\"shortLinksOpenApp\" is false: the short link is not an app link; the app opens from the destination"
        return Row(
            visitor: name, answer: "opens in the app", url: target.destination,
            reason: "\(opening) and shows the route \"\(route)\"\(values.isEmpty ? "" : " (\(values))")")
    }

    /// The page's values, for ``PageRenderer``.
    package var page: LinkDebugPage {
        LinkDebugPage(
            shortURL: target.canonicalURL, destination: target.destination, siteName: tenant.manifest.name, rows: rows,
            inputs: link.map { _ in inputs })
    }
}
