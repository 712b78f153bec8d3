import Foundation

/// What the console's link page shows of one link and its stats, as template values.
struct LinkPageContext: Sendable {
    let link: Link
    let stats: LinkStats
    var now = Date()

    /// Platforms in the order people think of them, then any others.
    private static let platformNames: [(key: String, name: String)] = [
        ("ios", "iOS"), ("android", "Android"), ("desktop", "Desktop"), ("other", "Other"),
    ]

    var values: [String: Any] {
        let content = link.content
        let values: [String: Any] = [
            "slug": link.slug, "shortURL": link.shortURL, "destination": content.destination,
            "heading": content.social?.title.map { "\($0) (\(link.slug))" } ?? link.slug,
            "title": ConsoleRenderer.optional(content.social?.title),
            "name": ConsoleRenderer.optional(content.firebase?.linkName),
            "description": ConsoleRenderer.optional(content.social?.description),
            "imageURL": ConsoleRenderer.optional(content.social?.imageURL),
            "iosFallback": ConsoleRenderer.optional(content.fallbacks.ios),
            "androidFallback": ConsoleRenderer.optional(content.fallbacks.android),
            "desktopFallback": ConsoleRenderer.optional(content.fallbacks.desktop),
            "createdAt": ISO8601.string(from: link.createdAt), "createdText": Self.readable(link.createdAt),
            "expires": ConsoleRenderer.optional(content.expiresAt.map(ISO8601.string(from:))),
            "expiresText": content.expiresAt.map(Self.readable) ?? "", "expired": link.isExpired(at: now),
            "clicks": stats.clicks, "oneClick": stats.clicks == 1,
            "botClicks": ConsoleRenderer.optional(stats.botClicks > 0 ? stats.botClicks : nil),
            "chart": ClicksChart(byDay: stats.byDay, today: now).mustacheContext,
            "hasDays": !stats.byDay.isEmpty,
            "days": stats.byDay.sorted { $0.key > $1.key }.map { ["day": $0.key, "count": $0.value] },
            "hasPlatforms": !stats.byPlatform.isEmpty,
            "platforms": Self.platformRows(stats.byPlatform),
            "hasReferrers": !stats.byReferrer.isEmpty,
            "referrers": stats.byReferrer.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { entry in
                [
                    "name": entry.key == LinkStats.directReferrer ? "Direct (no referrer)" : entry.key,
                    "count": entry.value,
                ] as [String: Any]
            },
            "qr": true,
            // The deferred funnel shows once the link has sent someone to a store.
            "funnel": stats.deferred.issued > 0 || stats.deferred.claimed > 0
                ? ["issued": stats.deferred.issued, "claimed": stats.deferred.claimed] as [String: Any] : false,
        ]
        return values
    }

    private static func platformRows(_ counts: [String: Int]) -> [[String: Any]] {
        let known = platformNames.compactMap { platform -> [String: Any]? in
            counts[platform.key].map { ["name": platform.name, "count": $0] }
        }
        let others = counts.filter { key, _ in !platformNames.contains { $0.key == key } }.sorted { $0.key < $1.key }
            .map { ["name": $0.key, "count": $0.value] as [String: Any] }
        return known + others
    }

    /// `2026-11-23 17:30 UTC`.
    static func readable(_ date: Date) -> String {
        let text = ISO8601.string(from: date)
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}
