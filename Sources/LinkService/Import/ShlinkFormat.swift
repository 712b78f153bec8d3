import Foundation
import LinkCore

/// The CSV Shlink's own importer reads (`shlink short-url:import csv`): `Long URL`, `Short code`,
/// `Title`, `Domain` and `Tags` (separated by `|`); header names match ignoring case and spaces,
/// as Shlink matches them.
///
/// `Short code` is the slug, on `Domain` when the row names one of the tenant's domains (else the
/// import's domain); `Long URL` is the destination; `Title` is the social card's title.
package struct ShlinkFormat: ImportFormat {
    package let name = "shlink"
    package let exportName = "Shlink CSV"
    package let requiredColumns = ["longurl", "shortcode"]
    package let knownColumns: Set<String> = ["longurl", "shortcode", "title", "domain", "tags"]

    package init() {}

    package func normalize(_ column: String) -> String {
        column.lowercased().filter { !$0.isWhitespace }
    }

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        let code = row["shortcode"] ?? ""
        guard let destination = row["longurl"] else {
            return .failure(ImportRowProblem(label: code, "Long URL is empty: every row needs a destination"))
        }
        let tags: [String]
        switch ImportMapping.tags(row["tags"], separators: ["|"], label: code) {
        case .success(let found): tags = found
        case .failure(let problem): return .failure(problem)
        }
        let title = row["title"]
        let content = LinkContent(
            destination: destination, social: title.map { SocialCard(title: $0) }, tags: tags)
        return ImportMapping.request(slug: code, domain: row["domain"], content: content, label: code, context: context)
            .map { ImportCandidate(label: code, request: $0) }
    }
}
