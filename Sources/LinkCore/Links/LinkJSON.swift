import DeepLinkRouting
import Foundation

/// The JSON the API answers with: the one place a link, its stats or a resolution become JSON.
package enum LinkJSON {
    /// The link's JSON; with `now`, a link with an expiry says whether it has `expired`.
    package static func node(_ link: Link, now: Date? = nil) -> JSONNode {
        let content = link.content
        var members: [JSONNode.Member] = [
            .init(key: "id", value: JSONNode(.string(link.id))),
            .init(key: "url", value: JSONNode(.string(link.shortURL))),
            .init(key: "slug", value: JSONNode(.string(link.slug))),
            .init(key: "domain", value: JSONNode(.string(link.domain))),
        ]
        // The link's name from Firebase: `managedShortLinks:create`'s `name`, the import's `link_name`.
        if let name = content.firebase?.linkName {
            members.append(.init(key: "name", value: JSONNode(.string(name))))
        }
        members.append(.init(key: "destination", value: JSONNode(.string(content.destination))))
        if let social = content.social {
            members.append(
                .init(
                    key: "social",
                    value: LinkRequest.stringObject([
                        ("title", social.title), ("description", social.description), ("imageURL", social.imageURL),
                    ])))
        }
        if content.fallbacks != Fallbacks() {
            members.append(.init(key: "fallbacks", value: node(content.fallbacks)))
        }
        members.append(.init(key: "skipPreview", value: JSONNode(.bool(content.skipPreview))))
        if !content.utm.isEmpty {
            members.append(
                .init(key: "utm", value: LinkRequest.stringObject(UTMParameters.names.map { ($0, content.utm[$0]) })))
        }
        if let expiresAt = content.expiresAt {
            members.append(.init(key: "expiresAt", value: JSONNode(.string(ISO8601.string(from: expiresAt)))))
            if let now { members.append(.init(key: "expired", value: JSONNode(.bool(expiresAt <= now)))) }
        }
        if let expiredURL = content.expiredURL {
            members.append(.init(key: "expiredURL", value: JSONNode(.string(expiredURL))))
        }
        if content.passwordHash != nil {
            members.append(.init(key: "passwordProtected", value: JSONNode(.bool(true))))
        }
        if !content.rules.isEmpty { members.append(.init(key: "rules", value: RuleJSON.node(content.rules))) }
        if !content.variants.isEmpty {
            members.append(.init(key: "variants", value: RuleJSON.node(content.variants)))
        }
        if !content.tags.isEmpty {
            members.append(.init(key: "tags", value: JSONNode(.array(content.tags.map { JSONNode(.string($0)) }))))
        }
        members.append(.init(key: "createdAt", value: JSONNode(.string(ISO8601.string(from: link.createdAt)))))
        members.append(.init(key: "updatedAt", value: JSONNode(.string(ISO8601.string(from: link.updatedAt)))))
        return JSONNode(.object(members))
    }

    /// The fallbacks that are set.
    package static func node(_ fallbacks: Fallbacks) -> JSONNode {
        LinkRequest.stringObject([
            ("ios", fallbacks.ios), ("android", fallbacks.android), ("desktop", fallbacks.desktop),
        ])
    }

    package static func node(_ stats: LinkStats) -> JSONNode {
        let counts = Self.counts
        return .object([
            "clicks": JSONNode(.number(String(stats.clicks))),
            "botClicks": JSONNode(.number(String(stats.botClicks))),
            "byDay": counts(stats.byDay),
            "byPlatform": counts(stats.byPlatform),
            "byReferrer": counts(stats.byReferrer),
            "deferred": .object([
                "issued": JSONNode(.number(String(stats.deferred.issued))),
                "claimed": JSONNode(.number(String(stats.deferred.claimed))),
            ]),
            "inApp": counts(stats.inApp),
        ])
    }

    /// The resolve call's answer for a short link: what an installed app needs to open it (the
    /// link's id, short URL and slug, the destination, and the route and parameters it opens when
    /// it opens one) and nothing else. Rules, variants, tags, UTM fields and fallbacks are the
    /// link's settings, readable only with a key: they can hold internal addresses and secret
    /// query values. For an expired link the destination is its `expiredURL`, and `expired` is
    /// `true`.
    package static func resolution(
        of link: Link, destination: String, expired: Bool = false, opening resolution: RouteResolution,
        clickID: ClickID? = nil
    ) -> JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "id", value: JSONNode(.string(link.id))),
            .init(key: "url", value: JSONNode(.string(link.shortURL))),
            .init(key: "slug", value: JSONNode(.string(link.slug))),
            .init(key: "destination", value: JSONNode(.string(destination))),
        ]
        if expired { members.append(.init(key: "expired", value: JSONNode(.bool(true)))) }
        if case .matched(let route, let parameters) = resolution {
            members.append(.init(key: "route", value: JSONNode(.string(route))))
            members.append(.init(key: "parameters", value: stringMap(parameters)))
        }
        if let clickID { members.append(.init(key: "clickId", value: JSONNode(.string(clickID.text)))) }
        return JSONNode(.object(members))
    }

    /// The resolve call's answer for a route path of a tenant domain (no stored link).
    package static func resolution(
        ofRoutePath url: String, route: String, parameters: [String: String], clickID: ClickID? = nil
    ) -> JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "url", value: JSONNode(.string(url))), .init(key: "destination", value: JSONNode(.string(url))),
            .init(key: "route", value: JSONNode(.string(route))),
            .init(key: "parameters", value: stringMap(parameters)),
        ]
        if let clickID { members.append(.init(key: "clickId", value: JSONNode(.string(clickID.text)))) }
        return JSONNode(.object(members))
    }

    /// A string-to-string object with its keys sorted, so answers are stable.
    package static func stringMap(_ dictionary: [String: String]) -> JSONNode {
        JSONNode(
            .object(
                dictionary.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: JSONNode(.string($0.value))) }))
    }

    /// An object of counts, its keys sorted: the stats' breakdowns (by day, platform, …).
    package static func counts(_ dictionary: [String: Int]) -> JSONNode {
        JSONNode(
            .object(
                dictionary.sorted { $0.key < $1.key }.map {
                    .init(key: $0.key, value: JSONNode(integerLiteral: $0.value))
                })
        )
    }
}
