import DeepLinkRouting
import Foundation
import LinkCore

/// What a mapping knows besides the row: the tenant and the domain links go on when the row names
/// none (`--domain`, else the tenant's first domain).
package struct ImportContext: Sendable {
    package let tenant: Tenant
    package let domain: String

    package init(tenant: Tenant, domain: String) {
        self.tenant = tenant
        self.domain = domain
    }

    /// The domain and slug of a short link on one of the tenant's domains (after a link path
    /// prefix the manifest declares), or the reason it cannot keep its URL here; `column` names
    /// the field in the reason.
    package func slug(ofShortLink shortLink: String, column: String) -> Result<
        (domain: String, slug: String), ImportRowProblem
    > {
        func problem(_ reason: String) -> Result<(domain: String, slug: String), ImportRowProblem> {
            .failure(ImportRowProblem(label: shortLink, reason))
        }
        switch tenant.slug(ofShortLink: shortLink) {
        case .success(let found):
            return .success(found)
        case .failure(.notAURL):
            return problem("\(column) \"\(shortLink)\" is not an http(s) URL")
        case .failure(.foreignDomain(let host)):
            let hint =
                host.hasSuffix(".page.link") || host.hasSuffix(".app.goo.gl")
                ? " (Google's \(host.hasSuffix(".page.link") ? "page.link" : "app.goo.gl") domains cannot move to another server)"
                : ""
            return problem(
                "\(column) \"\(shortLink)\" is on \(host), which is not a domain of \(tenant.id)\(hint); its domains: \(tenant.manifest.domains.joined(separator: ", "))"
            )
        case .failure(.pathIsNotASlug(let path, let prefixes)):
            let declared =
                prefixes.isEmpty
                ? "declare the path prefix for the domain in the manifest's \"linkPathPrefixes\""
                : "the domain's link path prefixes are \(prefixes.joined(separator: ", "))"
            return problem("\(column) \"\(shortLink)\" has the path \(path), which is not one slug; \(declared)")
        }
    }

    /// The domain a row's own domain column names (lowercased), the import's domain when it names
    /// none, or the reason it is not the tenant's.
    package func domain(named name: String?, label: String) -> Result<String, ImportRowProblem> {
        guard let name = name?.lowercased(), !name.isEmpty else { return .success(domain) }
        guard tenant.manifest.domains.contains(name) else {
            return .failure(
                ImportRowProblem(
                    label: label,
                    "the domain \(name) is not a domain of \(tenant.id); its domains: \(tenant.manifest.domains.joined(separator: ", "))"
                ))
        }
        return .success(name)
    }
}
