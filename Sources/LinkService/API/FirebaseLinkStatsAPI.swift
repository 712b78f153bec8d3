import DeepLinkRouting
import Foundation
import Hummingbird
import LinkCore
import LinkStorage

/// Firebase Dynamic Links' `getLinkStats`, `GET /v1/{dynamicLink}/linkStats?durationDays=N&key=…`:
/// a short link's events of the last N days in FDL's shape,
/// `{"linkEventStats": [{"platform", "count", "event"}]}` (`count` a string, as Google writes
/// int64 in JSON).
///
/// Only what Wayfinder observes is reported, and what it observes is always reported (a `"0"`
/// is a real zero, never a stand-in):
///
/// | FDL event | Wayfinder's figure |
/// |---|---|
/// | `CLICK` | people's clicks of the link (bots apart), per platform, one entry for each of `ANDROID`, `IOS`, `DESKTOP`, `OTHER` |
/// | `APP_INSTALL`, `APP_FIRST_OPEN`, `APP_RE_OPEN` | the app's `install`, `open` and `reopen` events (`POST /api/v1/events`) per platform of their click (from ClickHouse when it is configured); `APP_FIRST_OPEN` is at least the claims of deferred deep links on each platform, and claims or events without a platform are `DYNAMIC_LINK_PLATFORM_UNSPECIFIED` |
/// | `REDIRECT` | absent: which page or store a visit was sent to is not recorded |
///
/// The days are UTC days, today included: `durationDays=1` is today, `7` today and the six days
/// before it.
package struct FirebaseLinkStatsAPI: Sendable {
    package let gate: FirebaseAPIGate
    /// The counts' source: the main database, and the analytics engine for the app's events when
    /// one is configured.
    package let stats: StatsReader

    /// The widest window, in days (ten years).
    package static let maximumDurationDays = 3650

    /// Registers the call on the FDL calls' group (key checked, errors in FDL's shape).
    package func register(on calls: RouterGroup<APIRequestContext>) {
        calls.get("/v1/:dynamicLink/linkStats") { request, context in
            try await stats(request, context: context, tenant: context.tenant)
        }
    }

    private func stats(_ request: Request, context: APIRequestContext, tenant: Tenant) async throws -> Response {
        let days = try Self.durationDays(request.uri.queryParameters.get("durationDays"))
        let text = context.parameters.get("dynamicLink").map { $0.removingPercentEncoding ?? $0 } ?? ""
        let link = try await Self.link(text, tenant: tenant, store: gate.store)
        let today = Int((gate.clock.now().timeIntervalSince1970 / 86_400).rounded(.down))
        let events = try await stats.linkEvents(tenant: tenant.id, linkID: link.id, sinceDay: today - (days - 1))
        return .json(
            .object(["linkEventStats": JSONNode(.array(Self.entries(events)))]),
            contentType: FirebaseShortLinksAPI.contentType)
    }

    /// FDL's entries for the counts: `CLICK` on each platform; `APP_INSTALL`, `APP_FIRST_OPEN`
    /// and `APP_RE_OPEN` from the app's `install`, `open` and `reopen` events (per platform of
    /// their click), `APP_FIRST_OPEN` at least the claims.
    package static func entries(_ events: LinkEventCounts) -> [JSONNode] {
        let platforms: [(Platform, String)] = [
            (.android, "ANDROID"), (.ios, "IOS"), (.desktop, "DESKTOP"), (.other, "OTHER"),
        ]
        var entries = platforms.map { platform, name in
            entry(platform: name, event: "CLICK", count: events.clicks[platform.rawValue] ?? 0)
        }
        // A claim is the app's first open after an install through the link, on the platform its
        // token was issued to; only Android and iOS are issued tokens. Claims of tokens issued
        // before tokens named their platform (version 1, at most one token lifetime after an
        // upgrade) have no platform to report: FDL's own "unspecified" is the truth for them.
        // An app that claims its token and reports its `open` tells of one first open twice: the
        // larger count stands.
        let apps: [(Platform, String)] = [(.android, "ANDROID"), (.ios, "IOS")]
        for (fdl, name) in [
            ("APP_INSTALL", AppEventName.install), ("APP_FIRST_OPEN", AppEventName.open),
            ("APP_RE_OPEN", AppEventName.reopen),
        ] {
            let counts = events.appEvents[name] ?? [:]
            let claims = fdl == "APP_FIRST_OPEN" ? events.claims : [:]
            for (platform, platformName) in apps {
                let count = max(counts[platform.rawValue] ?? 0, claims[platform.rawValue] ?? 0)
                if count > 0 || fdl == "APP_FIRST_OPEN" {
                    entries.append(entry(platform: platformName, event: fdl, count: count))
                }
            }
            let unspecified = max(counts[""] ?? 0, claims[""] ?? 0)
            if unspecified > 0 {
                entries.append(entry(platform: "DYNAMIC_LINK_PLATFORM_UNSPECIFIED", event: fdl, count: unspecified))
            }
        }
        return entries
    }

    private static func entry(platform: String, event: String, count: Int) -> JSONNode {
        .object([
            "platform": JSONNode(.string(platform)), "count": JSONNode(.string(String(count))),
            "event": JSONNode(.string(event)),
        ])
    }

    /// `durationDays`: a whole number of days from 1 to ``maximumDurationDays``.
    package static func durationDays(_ text: String?) throws(FirebaseAPIError) -> Int {
        guard let text else {
            throw FirebaseAPIError(
                .badRequest, "durationDays is required: the number of days back from today, such as 7.")
        }
        guard let days = Int(text), (1...maximumDurationDays).contains(days) else {
            throw FirebaseAPIError(
                .badRequest, "durationDays must be a whole number from 1 to \(maximumDurationDays), not \"\(text)\".")
        }
        return days
    }

    /// The tenant's link that the short link `text` names: one of its domains (under a declared
    /// link path prefix or at the root) and a slug. Anything else is `404`, another tenant's link
    /// too.
    package static func link(_ text: String, tenant: Tenant, store: CachingLinkStore) async throws -> Link {
        let notFound = FirebaseAPIError(.notFound, "Dynamic Link \(text) is not a short link of this project.")
        guard let url = WebURL(text), url.scheme == "https" || url.scheme == "http", tenant.domains.contains(url.host)
        else { throw notFound }
        var path = Substring(url.path)
        for prefix in tenant.manifest.linkPathPrefixes[url.host] ?? [] where path.hasPrefix(prefix + "/") {
            path = path.dropFirst(prefix.count)
            break
        }
        let slug = String(path.dropFirst())
        guard path.hasPrefix("/"), SlugRules.isWellFormed(slug),
            let link = try await store.link(tenant: tenant.id, slug: slug)
        else { throw notFound }
        return link
    }
}
