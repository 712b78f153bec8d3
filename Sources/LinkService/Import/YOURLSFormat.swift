import Foundation
import LinkCore

/// YOURLS's export (CSV of its `yourls_url` table, as its export plugins and a database dump
/// write it): `keyword`, `url`, `title`, `timestamp`, `ip`, `clicks`.
///
/// `keyword` is the slug on the import's domain (`--domain`), `url` the destination, `title` the
/// social card's title, `clicks` the imported click total. `ip` (the creator's address) is never
/// read.
package struct YOURLSFormat: ImportFormat {
    package let name = "yourls"
    package let exportName = "YOURLS export"
    package let requiredColumns = ["keyword", "url"]
    package let knownColumns: Set<String> = ["keyword", "url", "title", "timestamp", "ip", "clicks"]

    package init() {}

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        let keyword = row["keyword"] ?? ""
        guard let destination = row["url"] else {
            return .failure(ImportRowProblem(label: keyword, "url is empty: every row needs a destination"))
        }
        let content = LinkContent(destination: destination, social: row["title"].map { SocialCard(title: $0) })
        return ImportMapping.request(slug: keyword, domain: nil, content: content, label: keyword, context: context)
            .map { ImportCandidate(label: keyword, request: $0, clicks: row.count("clicks")) }
    }
}
