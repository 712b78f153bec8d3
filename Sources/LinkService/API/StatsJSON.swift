import DeepLinkRouting
import LinkCore

/// Stats as the API shows them: a link's (the rollups' fields of `LinkJSON/node(_:)-(LinkStats)`
/// and what the analytics engine adds) and a tenant's.
package enum StatsJSON {
    /// `GET /api/v1/links/{slug}/stats`: what the engine alone knows is `null` from the rollups;
    /// `rules` and `variants` have one entry for each of `link`'s, from either source.
    package static func node(_ answer: StatsReader.LinkAnswer, of link: Link) -> JSONNode {
        var members = LinkJSON.node(answer.stats).objectValue ?? []
        let breakdowns = answer.breakdowns
        members += [
            .init(
                key: "visitors",
                value: breakdowns.map { breakdowns in
                    .object([
                        "total": JSONNode(integerLiteral: breakdowns.visitors),
                        "byDay": JSONNode(
                            .array(
                                breakdowns.visitorsByDay.sorted { $0.key < $1.key }.map {
                                    .object([
                                        "day": JSONNode(.string($0.key)),
                                        "visitors": JSONNode(integerLiteral: $0.value),
                                    ])
                                })),
                    ])
                } ?? nil),
            .init(key: "countries", value: breakdowns.map { LinkJSON.counts($0.countries) } ?? nil),
            .init(key: "browsers", value: breakdowns.map { LinkJSON.counts($0.browsers) } ?? nil),
            .init(key: "os", value: breakdowns.map { LinkJSON.counts($0.os) } ?? nil),
            .init(key: "hours", value: breakdowns.map { LinkJSON.counts($0.hours) } ?? nil),
            .init(key: "rules", value: rules(of: link, counts: breakdowns?.rules ?? answer.stats.ruleClicks)),
            .init(
                key: "variants", value: variants(of: link, counts: breakdowns?.variants ?? answer.stats.variantClicks)),
            .init(key: "source", value: JSONNode(.string(answer.source.rawValue))),
            .init(key: "imported", value: JSONNode(integerLiteral: link.importedClicks)),
            .init(key: "events", value: events(answer.events)),
        ]
        return JSONNode(.object(members))
    }

    /// `{"<name>": {"count", "value": {"<currency>": sum}}}`, names and currencies sorted.
    package static func events(_ totals: [String: EventTotals]) -> JSONNode {
        JSONNode(
            .object(
                totals.sorted { $0.key < $1.key }.map { name, totals in
                    .init(
                        key: name,
                        value: .object([
                            "count": JSONNode(integerLiteral: totals.count),
                            "value": JSONNode(
                                .object(
                                    totals.value.sorted { $0.key < $1.key }.map {
                                        .init(key: $0.key, value: JSONNode(.number(AppEvent.numberText($0.value))))
                                    })),
                        ]))
                }))
    }

    /// People's clicks decided by each of the link's rules, by index, with the rule's name.
    private static func rules(of link: Link, counts: [Int: Int]) -> JSONNode {
        JSONNode(
            .array(
                link.content.rules.enumerated().map { index, rule in
                    .object([
                        "index": JSONNode(integerLiteral: index),
                        "name": rule.name.map { JSONNode(.string($0)) } ?? nil,
                        "clicks": JSONNode(integerLiteral: counts[index] ?? 0),
                    ])
                }))
    }

    /// People's clicks given each of the link's A/B variants, by index.
    private static func variants(of link: Link, counts: [Int: Int]) -> JSONNode {
        JSONNode(
            .array(
                link.content.variants.indices.map { index in
                    .object([
                        "index": JSONNode(integerLiteral: index),
                        "clicks": JSONNode(integerLiteral: counts[index] ?? 0),
                    ])
                }))
    }

    /// `GET /api/v1/stats`.
    package static func node(
        _ stats: TenantStats, source: StatsReader.Source, range: StatsRange, funnel: AppFunnel = AppFunnel()
    ) -> JSONNode {
        .object([
            "from": range.from.map { JSONNode(.string($0)) } ?? nil,
            "to": range.to.map { JSONNode(.string($0)) } ?? nil,
            "clicks": JSONNode(integerLiteral: stats.clicks),
            "visitors": stats.visitors.map { JSONNode(integerLiteral: $0) } ?? nil,
            "topLinks": JSONNode(
                .array(
                    stats.topLinks.map {
                        .object(["slug": JSONNode(.string($0.slug)), "clicks": JSONNode(integerLiteral: $0.clicks)])
                    })),
            "platforms": LinkJSON.counts(stats.platforms),
            "countries": stats.countries.map(LinkJSON.counts) ?? nil,
            "source": JSONNode(.string(source.rawValue)),
            "funnel": node(funnel),
        ])
    }

    /// The funnel: `{"clicks", "sentToStore", "installs", "opens", "events": {…}, "revenue": {…}}`.
    package static func node(_ funnel: AppFunnel) -> JSONNode {
        .object([
            "clicks": JSONNode(integerLiteral: funnel.clicks),
            "sentToStore": JSONNode(integerLiteral: funnel.sentToStore),
            "installs": JSONNode(integerLiteral: funnel.installs),
            "opens": JSONNode(integerLiteral: funnel.opens),
            "events": events(funnel.events),
            "revenue": JSONNode(
                .object(
                    funnel.revenue.sorted { $0.key < $1.key }.map {
                        .init(key: $0.key, value: JSONNode(.number(AppEvent.numberText($0.value))))
                    })),
        ])
    }
}
