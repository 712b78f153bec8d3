import DeepLinkRouting
import Foundation

extension Tenant {
    /// The rest of `path` after a link path prefix the manifest declares for `host`
    /// (`"linkPathPrefixes"`): `"/abc"` for `/link/abc` under `/link`, `"/"` for `/link` or
    /// `/link/`; `nil` when no prefix of the host starts the path.
    package func pathUnderLinkPrefix(_ path: String, host: String) -> String? {
        guard let prefixes = manifest.linkPathPrefixes[host] else { return nil }
        for prefix in prefixes where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if rest.isEmpty { return "/" }
            if rest.hasPrefix("/") { return String(rest) }
        }
        return nil
    }

    /// The slug of a short link written with one of the tenant's domains (and, when the manifest
    /// declares one for the domain, under a link path prefix), or why it has none.
    package func slug(ofShortLink text: String) -> Result<(domain: String, slug: String), ShortLinkProblem> {
        guard let url = WebURL(http: text) else {
            return .failure(.notAURL)
        }
        guard domains.contains(url.host) else { return .failure(.foreignDomain(url.host)) }
        let path = url.path.removingPercentEncoding ?? url.path
        let rest = pathUnderLinkPrefix(path, host: url.host) ?? path
        let slug = rest.hasPrefix("/") ? String(rest.dropFirst()) : rest
        guard !slug.isEmpty, !slug.contains("/") else {
            return .failure(.pathIsNotASlug(path, prefixes: manifest.linkPathPrefixes[url.host] ?? []))
        }
        return .success((url.host, slug))
    }
}

/// Why a short link cannot keep its URL on this tenant.
package enum ShortLinkProblem: Error, Sendable, Hashable {
    case notAURL
    case foreignDomain(String)
    case pathIsNotASlug(String, prefixes: [String])
}
