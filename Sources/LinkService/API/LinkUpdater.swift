import DeepLinkRouting
import Foundation
import LinkCore

/// The one way a link changes: `PATCH /api/v1/links/{slug}` and the console's edit form both call
/// it, so neither can store what the other refuses.
///
/// The change is a JSON merge patch (RFC 7396) over the document that would create the link
/// (`LinkRequest/document(of:)`); the result is parsed and checked exactly as a creation is,
/// except that the slug stays and `unguessable` has no meaning.
package struct LinkUpdater: Sendable {
    package let store: any LinkStore
    /// When the link is changed (`ServiceClock`).
    package var clock: ServiceClock = .system
    /// Where a new password is hashed; `nil`: on the calling thread.
    package var passwords: PasswordChecks? = nil

    /// The link with `patch` applied and checked for `tenant`, not stored. Throws the problem the
    /// API answers.
    package func changed(_ link: Link, by patch: JSONNode, for tenant: Tenant) async throws(Problem) -> Link {
        guard patch.objectValue != nil else {
            throw Problem.invalidField(
                "$", "a PATCH body is a JSON merge patch: an object of the fields to change", code: .wrongType)
        }
        let parsed = try Problem.checking { () throws(FieldError) in
            try LinkRequest(node: JSONMergePatch.apply(patch, to: LinkRequest.document(of: link)))
        }
        if parsed.slug != link.slug {
            throw Problem.invalidField("slug", "a link's slug cannot change; create a new link instead")
        }
        if parsed.unguessable {
            throw Problem.invalidField("unguessable", "\"unguessable\" applies only when a link is created")
        }
        let domain = parsed.domain ?? link.domain
        try Problem.checking { () throws(FieldError) in
            try LinkPolicy(tenant: tenant).check(parsed.content, domain: domain, previous: link.content)
        }
        var changed = link
        changed.domain = domain
        changed.content = parsed.content
        // Write-only: kept unless the patch names it; `null` removes it.
        switch patch["password"]?.value {
        case nil: changed.content.passwordHash = link.content.passwordHash
        case .null?: changed.content.passwordHash = nil
        default:
            if let password = parsed.password {
                changed.content.passwordHash = try await PasswordChecks.hash(password, on: passwords)
            } else {
                changed.content.passwordHash = nil
            }
        }
        changed.updatedAt = clock.now().truncatedToMilliseconds
        return changed
    }

    /// Applies `patch` to `link`, checks and stores the result.
    package func update(_ link: Link, by patch: JSONNode, for tenant: Tenant) async throws -> Link {
        let changed = try await changed(link, by: patch, for: tenant)
        guard try await store.updateLink(changed) else {
            throw Problem.notFound("no link \"\(link.slug)\"", field: "slug")
        }
        return changed
    }
}
