import DeepLinkRouting
import Foundation
import LinkCore

/// Kutt's link list as its API answers it (`GET /api/v2/links`: `{"data": [...], "total": …}`, or
/// the list alone): each link has `address` (the slug), `target`, `domain` (a custom domain or
/// `null`), `link` (the short link), `description`, `expire_in`, `password` (whether it has one),
/// `banned` and `visit_count`.
///
/// `address` is the slug, on `domain` when it is one of the tenant's (else the import's domain);
/// `target` is the destination, `description` the social card's description, `expire_in` the
/// expiry, `visit_count` the imported click total. A banned link is not imported; a link with a
/// password is imported without one (Kutt never exports it) and a warning says so.
package struct KuttFormat: ImportFormat {
    package let name = "kutt"
    package let exportName = "Kutt link list"
    package let isJSON = true
    package let requiredColumns = ["address", "target"]
    package let knownColumns: Set<String> = [
        "id", "address", "target", "domain", "link", "description", "expire_in", "password", "banned", "visit_count",
        "created_at", "updated_at",
    ]

    package init() {}

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        let address = row["address"] ?? ""
        guard let destination = row["target"] else {
            return .failure(ImportRowProblem(label: address, "target is empty: every link needs a destination"))
        }
        guard row["banned"] != "true" else {
            return .failure(ImportRowProblem(label: address, "the link is banned in Kutt; it is not imported"))
        }
        var expiresAt: Date? = nil
        if let text = row["expire_in"] {
            guard let date = ImportMapping.date(text) else {
                return .failure(ImportRowProblem(label: address, "expire_in \"\(text)\" is not an RFC 3339 time"))
            }
            expiresAt = date.truncatedToMilliseconds
        }
        let content = LinkContent(
            destination: destination, social: row["description"].map { SocialCard(description: $0) },
            expiresAt: expiresAt)
        var warnings: [ImportReport.Warning] = []
        if row["password"] == "true" {
            warnings.append(
                ImportReport.Warning(
                    line: row.line, shortLink: address, code: "PASSWORD_NOT_EXPORTED",
                    message: "the link had a password in Kutt, which Kutt does not export; it is imported without one"))
        }
        return ImportMapping.request(
            slug: address, domain: row["domain"], content: content, label: address, context: context
        )
        .map { ImportCandidate(label: address, request: $0, warnings: warnings, clicks: row.count("visit_count")) }
    }
}
