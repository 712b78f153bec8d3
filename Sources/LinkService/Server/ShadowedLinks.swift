import Hummingbird
import LinkCore
import Logging

/// Links the server's own routes shadow: a link whose slug is the first path segment of a route
/// (`v1` for `/v1/shortLinks`, `admin` for the console) is stored but never answers, because the
/// router sends `/v1` to the route. ``SlugRules/reserved`` refuses such slugs at creation; this
/// finds the ones stored before a slug was reserved, for the warning at start-up.
package enum ShadowedLinks {
    /// The literal first segments of `paths` (`"/v1/:dynamicLink/linkStats"` gives `v1`); a path
    /// that starts with a parameter or a wildcard takes no segment of its own.
    package static func firstSegments(of paths: some Sequence<String>) -> Set<String> {
        var segments: Set<String> = []
        for path in paths {
            guard let first = path.split(separator: "/", omittingEmptySubsequences: true).first,
                let initial = first.first, initial != ":", initial != "*", initial != "{"
            else { continue }
            segments.insert(String(first))
        }
        return segments
    }

    /// The stored links of `tenants` whose slug is one of `segments` (one look-up per tenant and
    /// segment that can be a slug at all).
    package static func find(
        in store: any LinkStore, tenants: [Tenant], segments: Set<String>
    ) async throws -> [Link] {
        var found: [Link] = []
        for tenant in tenants {
            for segment in segments.sorted() where SlugRules.isWellFormed(segment) {
                if let link = try await store.link(tenant: tenant.id, slug: segment) { found.append(link) }
            }
        }
        return found
    }

    /// Logs one warning naming every shadowed link (`tenant/slug`), or nothing when there is none;
    /// a store that cannot answer is logged too and does not stop the start.
    package static func warn(
        store: any LinkStore, tenants: [Tenant], segments: Set<String>, logger: Logger
    ) async {
        do {
            let links = try await find(in: store, tenants: tenants, segments: segments)
            guard !links.isEmpty else { return }
            logger.warning(
                "links that never answer: the server's own routes take their paths; give each a new slug",
                metadata: [
                    "event": "links.shadowed",
                    "links": "\(links.map { "\($0.tenant)/\($0.slug)" }.joined(separator: ","))",
                ])
        } catch {
            logger.warning(
                "could not look for links the server's routes shadow", metadata: ["error": "\(error)"])
        }
    }
}
