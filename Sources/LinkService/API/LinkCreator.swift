import Foundation
import HTTPTypes
import LinkCore

/// The one way a link comes into being: `POST /api/v1/links`, the console's form and imports all
/// call it, so none of them can accept what another refuses.
///
/// ``check(_:for:)`` validates without writing (what a dry run needs); ``create(_:for:)`` validates
/// the same way and then stores the link. A custom alias is idempotent: the same slug with the same
/// domain and content answers the stored link as ``LinkCreation/existing(_:)``; the same slug with
/// other settings is a `409` problem.
package struct LinkCreator: Sendable {
    package let store: any LinkStore
    /// When the link is made (`ServiceClock`).
    package var clock: ServiceClock = .system
    /// Where a new password is hashed; `nil`: on the calling thread.
    package var passwords: PasswordChecks? = nil

    package init(store: any LinkStore, clock: ServiceClock = .system, passwords: PasswordChecks? = nil) {
        self.store = store
        self.clock = clock
        self.passwords = passwords
    }

    /// Validates a request for a tenant exactly as ``create(_:for:)`` does, and answers the domain
    /// the link would live on. Throws the problem the API answers.
    @discardableResult
    package func check(_ request: LinkRequest, for tenant: Tenant) throws(Problem) -> String {
        let domain = request.domain ?? tenant.defaultDomain
        try Problem.checking { () throws(FieldError) in
            try LinkPolicy(tenant: tenant).check(request.content, domain: domain)
        }
        if let slug = request.slug {
            if let problem = SlugRules.problem(with: slug) {
                throw Problem.invalidField("slug", problem, code: .invalidSlug)
            }
            if request.unguessable {
                throw Problem.invalidField(
                    "unguessable", "\"unguessable\" applies to generated slugs; leave it out when you choose the slug")
            }
        }
        return domain
    }

    /// Validates and stores a link; a generated slug is drawn until one is free (eight tries).
    package func create(_ request: LinkRequest, for tenant: Tenant) async throws -> LinkCreation {
        let domain = try check(request, for: tenant)
        let now = clock.now().truncatedToMilliseconds
        var content = request.content
        if let password = request.password {
            content.passwordHash = try await PasswordChecks.hash(password, on: passwords)
        }
        func makeLink(slug: String) -> Link {
            Link(
                id: UUID().uuidString.lowercased(), tenant: tenant.id, domain: domain, slug: slug,
                content: content, createdAt: now, updatedAt: now)
        }
        if let slug = request.slug {
            switch try await store.insertLink(makeLink(slug: slug)) {
            case .inserted(let link):
                return .created(link)
            case .slugTaken(let existing):
                guard existing.domain == domain, Self.isSame(existing.content, as: request) else {
                    throw Problem(
                        .conflict, .slugTaken, title: "The slug is taken",
                        detail:
                            "\(tenant.id) already has a link \"\(slug)\" with other settings; choose another slug, or send the same body to get that link",
                        field: "slug")
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
            .serviceUnavailable, .slugSpaceCrowded, title: "No free slug found",
            detail: "eight random slugs were taken; try again, or ask for \"unguessable\": true")
    }
}

extension LinkCreator {
    /// Whether `content` is what `request` asks for: the same fields, and the same password (its
    /// hash is salted, so the password is checked against it rather than compared).
    package static func isSame(_ content: LinkContent, as request: LinkRequest) -> Bool {
        var others = content
        others.passwordHash = nil
        guard others == request.content else { return false }
        switch (request.password, content.passwordHash) {
        case (nil, nil): return true
        case (let password?, let hash?): return PasswordHash.verify(password, against: hash)
        default: return false
        }
    }
}

/// What ``LinkCreator/create(_:for:at:)`` did.
package enum LinkCreation: Sendable, Hashable {
    /// A new link was stored.
    case created(Link)
    /// The custom alias already named a link with the same domain and content.
    case existing(Link)

    package var link: Link {
        switch self {
        case .created(let link), .existing(let link): link
        }
    }
}
