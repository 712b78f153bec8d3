import DeepLinkRouting

/// The `?d=1` page of a link, as Firebase Dynamic Links had: for each kind of visitor, where the
/// link sends them and why (which parameter or fallback decided).
///
/// Every row but the first comes from ``RedirectPlanner/plan(_:for:acceptsHTML:)`` with a
/// representative `User-Agent`, the very call a real visit makes, so the page cannot disagree
/// with the redirects. The first row (iOS with the app) is decided by iOS itself: the app opens
/// the link without asking the server, and the page says which route of the manifest it lands on.
struct FirebaseDebugPage: Sendable {
    let tenant: Tenant
    let target: RedirectTarget

    /// One visitor of the table.
    struct Row: Sendable, Hashable {
        var visitor: String
        var answer: String
        var url: String?
        var reason: String
    }

    /// Representative user agents of the visitors the page shows.
    static let visitors: [(name: String, userAgent: String)] = [
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

    var rows: [Row] {
        let planner = RedirectPlanner(tenant: tenant)
        var rows = [appRow]
        for visitor in Self.visitors {
            let plan = planner.plan(target, for: ClientInfo(userAgent: visitor.userAgent))
            switch plan.decision {
            case .redirect(let location):
                rows.append(Row(visitor: visitor.name, answer: "302 redirect", url: location, reason: plan.reason))
            case .preview:
                rows.append(Row(visitor: visitor.name, answer: "preview page", url: nil, reason: plan.reason))
            }
        }
        return rows
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
    var page: LinkDebugPage {
        LinkDebugPage(
            shortURL: target.canonicalURL, destination: target.destination, siteName: tenant.manifest.name, rows: rows)
    }
}
