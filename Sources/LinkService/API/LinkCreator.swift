import Foundation
import HTTPTypes

// Stand-in until main's LinkCreator lands (same interface); replaced by it at merge.

/// What ``LinkCreator/create(_:for:)`` did.
enum LinkCreation: Sendable, Hashable {
    case created(Link)
    case existing(Link)
}

/// Checks and creates links: the code path of `POST /api/v1/links`.
struct LinkCreator: Sendable {
    let store: any LinkStore

    func check(_ request: LinkRequest, for tenant: Tenant) throws(Problem) {
        let domain = request.domain ?? tenant.defaultDomain
        try LinkPolicy(tenant: tenant).check(request.content, domain: domain)
        if let slug = request.slug {
            if let problem = SlugRules.problem(with: slug) {
                throw Problem.invalidField("slug", problem, code: "invalid-slug")
            }
            if request.unguessable {
                throw Problem.invalidField(
                    "unguessable", "\"unguessable\" applies to generated slugs; leave it out when you choose the slug")
            }
        }
    }

    func create(_ request: LinkRequest, for tenant: Tenant) async throws -> LinkCreation {
        try check(request, for: tenant)
        let domain = request.domain ?? tenant.defaultDomain
        let now = Date().truncatedToMilliseconds
        func makeLink(slug: String) -> Link {
            Link(
                id: UUID().uuidString.lowercased(), tenant: tenant.id, domain: domain, slug: slug,
                content: request.content, createdAt: now, updatedAt: now)
        }
        if let slug = request.slug {
            switch try await store.insertLink(makeLink(slug: slug)) {
            case .inserted(let link):
                return .created(link)
            case .slugTaken(let existing):
                guard existing.domain == domain, existing.content == request.content else {
                    throw Problem(
                        .conflict, "slug-taken", title: "The slug is taken",
                        detail: "\(tenant.id) already has a link \"\(slug)\" with other settings", field: "slug")
                }
                return .existing(existing)
            }
        }
        for _ in 0..<8 {
            if case .inserted(let link) = try await store.insertLink(
                makeLink(slug: SlugRules.generate(unguessable: request.unguessable)))
            {
                return .created(link)
            }
        }
        throw Problem(
            .serviceUnavailable, "slug-space-crowded", title: "No free slug found",
            detail: "eight random slugs were taken; try again")
    }
}
