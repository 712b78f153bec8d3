import Foundation
import LinkCore

/// The console's page of one link (`console-link.mustache`): the short link to copy, what the
/// link does, its clicks by day (``ClicksChart``, and as a table), platforms, referrers, the
/// deferred deep link funnel and the QR code.
package struct ConsoleLinkPage: PageModel {
    package static let template = PageTemplate.consoleLink

    /// A count of clicks under a name: a platform, a referrer.
    package struct Count: Sendable {
        package var name: String
        package var count: Int
    }

    /// The clicks of one UTC day.
    package struct Day: Sendable {
        package var day: String
        package var count: Int
    }

    package var layout: ConsoleLayout
    package var slug: String
    package var shortURL: String
    package var destination: String
    /// The social title with the slug, or the slug.
    package var heading: String
    package var title: String?
    /// The name given by FDL's `managedShortLinks.create` or an FDL export's `link_name`.
    package var name: String?
    package var description: String?
    package var imageURL: String?
    package var iosFallback: String?
    package var androidFallback: String?
    package var desktopFallback: String?
    package var createdAt: String
    /// ``createdAt`` as `2026-11-23 17:30 UTC`.
    package var createdText: String
    package var expires: String?
    package var expiresText: String
    package var expired: Bool
    /// Clicks by people.
    package var clicks: Int
    package var oneClick: Bool
    /// Clicks by bots and crawlers; `nil` when there were none.
    package var botClicks: Int?
    package var chart: ClicksChart
    package var hasDays: Bool
    /// Newest day first.
    package var days: [Day]
    package var hasPlatforms: Bool
    package var platforms: [Count]
    package var hasReferrers: Bool
    package var referrers: [Count]
    /// Shown once the link has sent someone to a store.
    package var funnel: DeferredFunnel?
    /// Where the counts come from: "ClickHouse" or "the rollups".
    package var source: String
    /// With an analytics engine: unique visitors over every day, and the sections only it has.
    package var hasBreakdowns: Bool
    package var visitors: Int
    /// Clicks by rule and by variant (when the link has them), then the engine's sections.
    package var breakdowns: [ConsoleBreakdown]
    package var hasSections: Bool
    package var hasRules: Bool
    package var rules: [Choice]
    package var hasVariants: Bool
    package var variants: [Choice]
    /// The destination with the link's UTM fields merged in; `nil` when it has none.
    package var finalURL: String?
    /// The link's domain, and when the console was reached under another name (`127.0.0.1` on a
    /// laptop, where "Open" goes to a domain that may not lead here): a command that visits the
    /// link on this server.
    package var domain: String
    package var tryHere: String? = nil
    /// "Test this link": what the link does for each kind of visitor (``LinkSimulation``).
    package var simulation: SimulationTable? = nil

    package static let example: ConsoleLinkPage = {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let link = Link(
            id: "0", tenant: "stories", domain: "go.example.com", slug: "spring",
            content: LinkContent(
                destination: "https://www.example.com/stories/spring",
                social: SocialCard(
                    title: "Spring", description: "Fresh tales", imageURL: "https://cdn.example.com/s.png"),
                fallbacks: Fallbacks(
                    ios: "https://apps.apple.com/app/id1", android: "https://play.google.com/store/apps/details?id=s",
                    desktop: "https://www.example.com"),
                utm: UTMParameters(source: "newsletter"), expiresAt: now,
                firebase: FirebaseParameters(linkName: "Spring campaign"),
                rules: [
                    RedirectRule(
                        name: "German speakers", conditions: [.language(["de"])],
                        destination: "https://www.example.com/de",
                        fallbacks: Fallbacks(ios: "https://www.example.com/i"))
                ],
                variants: [
                    LinkVariant(destination: "https://www.example.com/a", weight: 50),
                    LinkVariant(destination: "https://www.example.com/b", weight: 50),
                ]),
            createdAt: now, updatedAt: now)
        var stats = LinkStats(
            clicks: 3, botClicks: 1, byDay: [ClicksChart.dayKey(now): 3], byPlatform: ["ios": 2, "tv": 1],
            byReferrer: [LinkStats.directReferrer: 2, "news.example.com": 1],
            deferred: DeferredFunnel(issued: 2, claimed: 1))
        stats.ruleClicks = [0: 1]
        stats.variantClicks = [0: 1, 1: 1]
        let breakdowns = ClickBreakdowns(
            visitorsByDay: [ClicksChart.dayKey(now): 2], countries: ["DE": 2, "FR": 1], browsers: ["Safari": 3],
            os: ["iOS": 2, "Android": 1], hours: ["9": 2, "17": 1])
        var page = ConsoleLinkPage(layout: .example, link: link, stats: stats, breakdowns: breakdowns, now: now)
        page.tryHere = "curl -i -H 'Host: go.example.com' http://127.0.0.1:8080/spring"
        page.simulation = .example
        return page
    }()
}

extension ConsoleLinkPage {
    /// Platforms in the order people think of them, then any others.
    private static let platformNames: [(key: String, name: String)] = [
        ("ios", "iOS"), ("android", "Android"), ("desktop", "Desktop"), ("other", "Other"),
    ]

    package init(
        layout: ConsoleLayout, link: Link, stats: LinkStats, breakdowns: ClickBreakdowns?, now: Date,
        appFunnel: AppFunnel? = nil
    ) {
        let content = link.content
        let sections =
            (appFunnel.flatMap(ConsoleBreakdown.funnel(_:)).map { [$0] } ?? [])
            + Self.choiceSections(of: link, stats: stats, breakdowns: breakdowns)
            + (breakdowns.map(ConsoleBreakdown.sections(of:)) ?? [])
        self.init(
            layout: layout, slug: link.slug, shortURL: link.shortURL, destination: content.destination,
            heading: content.social?.title.map { "\($0) (\(link.slug))" } ?? link.slug,
            title: content.social?.title, name: content.firebase?.linkName, description: content.social?.description,
            imageURL: content.social?.imageURL, iosFallback: content.fallbacks.ios,
            androidFallback: content.fallbacks.android, desktopFallback: content.fallbacks.desktop,
            createdAt: ISO8601.string(from: link.createdAt), createdText: Self.readable(link.createdAt),
            expires: content.expiresAt.map(ISO8601.string(from:)),
            expiresText: content.expiresAt.map(Self.readable) ?? "", expired: link.isExpired(at: now),
            clicks: stats.clicks, oneClick: stats.clicks == 1, botClicks: stats.botClicks > 0 ? stats.botClicks : nil,
            chart: ClicksChart(byDay: stats.byDay, today: now), hasDays: !stats.byDay.isEmpty,
            days: stats.byDay.sorted { $0.key > $1.key }.map { Day(day: $0.key, count: $0.value) },
            hasPlatforms: !stats.byPlatform.isEmpty, platforms: Self.platformRows(stats.byPlatform),
            hasReferrers: !stats.byReferrer.isEmpty,
            referrers: stats.byReferrer.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { entry in
                Count(
                    name: entry.key == LinkStats.directReferrer ? "Direct (no referrer)" : entry.key, count: entry.value
                )
            },
            funnel: stats.deferred.issued > 0 || stats.deferred.claimed > 0 ? stats.deferred : nil,
            source: breakdowns == nil ? "the rollups" : "ClickHouse", hasBreakdowns: breakdowns != nil,
            visitors: breakdowns?.visitors ?? 0,
            breakdowns: sections, hasSections: !sections.isEmpty,
            hasRules: !content.rules.isEmpty, rules: Self.rules(of: content),
            hasVariants: !content.variants.isEmpty, variants: Self.variants(of: content),
            finalURL: content.utm.isEmpty ? nil : LinkForm(link: link).finalURL, domain: link.domain)
    }

    private static func platformRows(_ counts: [String: Int]) -> [Count] {
        let known = platformNames.compactMap { platform in
            counts[platform.key].map { Count(name: platform.name, count: $0) }
        }
        let others = counts.filter { key, _ in !platformNames.contains { $0.key == key } }.sorted { $0.key < $1.key }
            .map { Count(name: $0.key, count: $0.value) }
        return known + others
    }

    /// `2026-11-23 17:30 UTC`.
    package static func readable(_ date: Date) -> String {
        let text = ISO8601.string(from: date)
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}
