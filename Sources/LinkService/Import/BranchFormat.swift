import Foundation
import LinkCore

/// Branch's links export (CSV): `url` (the Branch link itself) and Branch's link data keys.
///
/// The link's path becomes the slug, so the link must be on one of the tenant's domains (a
/// custom Branch domain that now points at Wayfinder). `$canonical_url` is the destination;
/// `$ios_url`, `$android_url` and `$desktop_url` are the per-platform fallbacks (`$fallback_url`
/// stands in for any of them that is empty); `$og_title`, `$og_description` and `$og_image_url`
/// are the social card; `~channel`, `~feature` and `~campaign` become `utm_source`, `utm_medium`
/// and `utm_campaign` (as Branch's own analytics reads them); `~tags` are the tags (a JSON list or
/// separated by commas).
package struct BranchFormat: ImportFormat {
    package let name = "branch"
    package let exportName = "Branch links export"
    package let requiredColumns = ["url", "$canonical_url"]
    package let knownColumns: Set<String> = [
        "url", "$canonical_url", "$desktop_url", "$ios_url", "$android_url", "$fallback_url", "$og_title",
        "$og_description", "$og_image_url", "~campaign", "~channel", "~feature", "~tags",
    ]

    package init() {}

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        guard let url = row["url"] else { return .failure(ImportRowProblem(label: nil, "url is empty")) }
        let domain: String
        let slug: String
        switch context.slug(ofShortLink: url, column: "url") {
        case .success(let found): (domain, slug) = found
        case .failure(let problem): return .failure(problem)
        }
        guard let destination = row["$canonical_url"] else {
            return .failure(ImportRowProblem(label: url, "$canonical_url is empty: every row needs a destination"))
        }
        let fallback = row["$fallback_url"]
        let social = SocialCard(
            title: row["$og_title"], description: row["$og_description"], imageURL: row["$og_image_url"])
        let tags: [String]
        switch ImportMapping.tags(row["~tags"], separators: [","], label: url) {
        case .success(let found): tags = found
        case .failure(let problem): return .failure(problem)
        }
        let content = LinkContent(
            destination: destination, social: social.isEmpty ? nil : social,
            fallbacks: Fallbacks(
                ios: row["$ios_url"] ?? fallback, android: row["$android_url"] ?? fallback,
                desktop: row["$desktop_url"] ?? fallback),
            utm: UTMParameters(source: row["~channel"], medium: row["~feature"], campaign: row["~campaign"]),
            tags: tags)
        return .success(
            ImportCandidate(
                label: url, request: LinkRequest(slug: slug, domain: domain, unguessable: false, content: content)))
    }
}
