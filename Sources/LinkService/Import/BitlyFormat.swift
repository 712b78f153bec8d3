import Foundation
import LinkCore

/// Bitly's links export (CSV), with the fields of Bitly's Bitlink: `link` (the short link, written
/// with or without `https://`), `long_url`, `title`, `tags` (separated by commas), `created_at`,
/// and a `clicks` total when the export has one. Header names match ignoring case, with spaces
/// read as `_` (`Long URL` is `long_url`).
///
/// The short link's path becomes the slug, so it keeps working once its branded domain points at
/// Wayfinder; `bit.ly` links cannot move.
package struct BitlyFormat: ImportFormat {
    package let name = "bitly"
    package let exportName = "Bitly links export"
    package let requiredColumns = ["link", "long_url"]
    package let knownColumns: Set<String> = ["link", "long_url", "title", "tags", "created_at", "clicks", "id"]

    package init() {}

    package func normalize(_ column: String) -> String {
        column.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_")
    }

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        guard let written = row["link"] else { return .failure(ImportRowProblem(label: nil, "link is empty")) }
        let shortLink = ImportMapping.url(written)
        let domain: String
        let slug: String
        switch context.slug(ofShortLink: shortLink, column: "link") {
        case .success(let found): (domain, slug) = found
        case .failure(let problem): return .failure(problem)
        }
        guard let destination = row["long_url"] else {
            return .failure(ImportRowProblem(label: written, "long_url is empty: every row needs a destination"))
        }
        let tags: [String]
        switch ImportMapping.tags(row["tags"], separators: [","], label: written) {
        case .success(let found): tags = found
        case .failure(let problem): return .failure(problem)
        }
        let content = LinkContent(
            destination: destination, social: row["title"].map { SocialCard(title: $0) }, tags: tags)
        return .success(
            ImportCandidate(
                label: written, request: LinkRequest(slug: slug, domain: domain, unguessable: false, content: content),
                clicks: row.count("clicks")))
    }
}
