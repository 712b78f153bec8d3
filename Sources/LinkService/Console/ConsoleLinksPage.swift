import DeepLinkRouting
import Foundation
import LinkCore

/// The console's list of links (`console-links.mustache`): newest first, searched by slug,
/// destination, title or name and filtered by tag, in pages.
package struct ConsoleLinksPage: PageModel {
    package static let template = PageTemplate.consoleLinks

    /// One link of the list.
    package struct Row: Sendable {
        package var slug: String
        package var shortURL: String
        package var destination: String
        /// The social card's title; empty when it has none.
        package var title: String
        /// The name given by FDL's `managedShortLinks.create` or an FDL export's `link_name`.
        package var name: String?
        package var createdAt: String
        /// `YYYY-MM-DD` of ``createdAt``.
        package var createdDay: String
        package var expired: Bool
        /// The link's tags, each a link to the links carrying it.
        package var tags: [String]
    }

    package var layout: ConsoleLayout
    /// The search term; `nil` when not searching.
    package var query: String?
    /// The tag the list is filtered by; `nil` when it is not.
    package var tag: String?
    /// The search term and tag as a query string for the pager's links (`q=…&tag=…`); `nil` when
    /// there are neither.
    package var filterQuery: String?
    /// The cursor of this page; `nil` on the first.
    package var cursor: String?
    package var nextCursor: String?
    package var hasLinks: Bool
    /// The table's caption for screen readers.
    package var caption: String
    package var links: [Row]

    package static let example = ConsoleLinksPage(
        layout: .example, query: "spring", tag: "launch", filterQuery: "q=spring&tag=launch", cursor: "a",
        nextCursor: "b", hasLinks: true, caption: "Links tagged launch matching spring, newest first",
        links: [
            Row(
                slug: "spring", shortURL: "https://go.example.com/spring",
                destination: "https://www.example.com/stories/spring", title: "Spring stories",
                name: "Spring campaign", createdAt: "2026-11-23T17:30:00.000Z", createdDay: "2026-11-23", expired: true,
                tags: ["launch", "spring-2026"])
        ])
}

extension ConsoleLinksPage {
    /// One page of links found for `query` (empty: all links) carrying `tag` (`nil`: any), from
    /// `cursor` on.
    package init(layout: ConsoleLayout, query: String, tag: String?, cursor: String?, page: LinkPage, now: Date) {
        let filters = [("q", query.isEmpty ? nil : query), ("tag", tag)].compactMap { name, value in
            value.map { name + "=" + PercentDecoding.encodeQueryComponent($0) }
        }
        let described = [tag.map { " tagged \($0)" }, query.isEmpty ? nil : " matching \(query)"].compactMap { $0 }
        self.init(
            layout: layout, query: query.isEmpty ? nil : query, tag: tag,
            filterQuery: filters.isEmpty ? nil : filters.joined(separator: "&"), cursor: cursor,
            nextCursor: page.nextCursor, hasLinks: !page.links.isEmpty,
            caption: described.isEmpty ? "Your links, newest first" : "Links\(described.joined()), newest first",
            links: page.links.map { link in
                Row(
                    slug: link.slug, shortURL: link.shortURL, destination: link.content.destination,
                    title: link.content.social?.title ?? "", name: link.content.firebase?.linkName,
                    createdAt: ISO8601.string(from: link.createdAt),
                    createdDay: String(ISO8601.string(from: link.createdAt).prefix(10)),
                    expired: link.isExpired(at: now), tags: link.content.tags)
            })
    }
}
