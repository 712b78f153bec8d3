import DeepLinkRouting
import Foundation
import LinkCore

/// Wayfinder's own links export (CSV, `wayfinder export --what links`): one row a link, with
/// `domain`, `slug`, `destination`, `tags`, `createdAt` and `importedClicks` to read in a spreadsheet, and
/// `link`, the link's create body as JSON (`POST /api/v1/links`): rules, variants, tags, UTM,
/// fallbacks, social card, expiry. Importing it gives back the same links; a password is never
/// exported, so a protected link comes back without one.
package struct WayfinderCSVFormat: ImportFormat {
    package let name = "csv"
    package let exportName = "Wayfinder links export"
    package static let columns = ["id", "domain", "slug", "destination", "tags", "createdAt", "importedClicks", "link"]
    package let requiredColumns = ["slug", "link"]
    package let knownColumns: Set<String> = Set(Self.columns.map { $0.lowercased() })

    package init() {}

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        let slug = row["slug"] ?? ""
        guard let body = row["link"] else { return .failure(ImportRowProblem(label: slug, "link is empty")) }
        var request: LinkRequest
        do {
            request = try LinkRequest(body: Array(body.utf8))
        } catch {
            return .failure(
                ImportRowProblem(label: slug, "link: \(error.field.map { $0 + ": " } ?? "")\(error.message)"))
        }
        request.slug = request.slug ?? (slug.isEmpty ? nil : slug)
        guard request.slug != nil else { return .failure(ImportRowProblem(label: nil, "slug is empty")) }
        return context.domain(named: request.domain ?? row["domain"], label: slug).map {
            request.domain = $0
            return ImportCandidate(label: request.slug ?? slug, request: request, clicks: row.count("importedclicks"))
        }
    }
}
