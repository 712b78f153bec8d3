import Foundation
import HTTPTypes
import LinkCore
import LinkStorage

/// A tenant's members: who they are, invitations, role changes and removals, with the rules the
/// API and the console share: only an owner (or a key with `members:write`, the operator's) invites,
/// promotes, demotes or removes an owner, and the last owner can be neither demoted nor removed
/// (`409` `last-owner`).
package struct MemberDirectory: Sendable {
    package let store: CachingLinkStore
    package let clock: ServiceClock

    package init(store: CachingLinkStore, clock: ServiceClock) {
        self.store = store
        self.clock = clock
    }

    /// A member of a tenant, as the API and the Members page show them.
    package struct Member: Sendable, Hashable {
        package var personID: String
        package var email: String
        package var role: Role
        package var joinedAt: Date
    }

    /// The tenant's members, in the order they joined.
    package func members(tenant: String) async throws -> [Member] {
        var members: [Member] = []
        for membership in try await store.memberships(tenant: tenant) {
            guard let person = try await store.person(id: membership.personID) else { continue }
            members.append(
                Member(
                    personID: person.id, email: person.email, role: membership.role, joinedAt: membership.createdAt))
        }
        return members
    }

    /// A new invitation of `email` to `tenant` with `role`, stored with its `member.invited`
    /// webhook event (one transaction); its link, `link(token)`, and the invitation.
    package func invite(
        email: String, role: String, tenant: String, by actor: Actor, link: (_ token: String) -> String
    ) async throws -> (url: String, invitation: Invitation) {
        let address = try Self.address(email)
        let role = try Self.role(role)
        if role == .owner { try Self.checkMayTouchOwners(actor) }
        let made = Invitation.make(tenant: tenant, email: address, role: role, at: clock.now())
        let url = link(made.token)
        try await store.insertInvitation(
            made.invitation, event: WebhookPayload.memberInvited(made.invitation, url: url, invitedBy: actor.name))
        return (url, made.invitation)
    }

    /// Gives the member `email` the role `role`; their role before and after.
    package func changeRole(of email: String, to role: String, tenant: String, by actor: Actor) async throws -> (
        member: Member, before: Role
    ) {
        let role = try Self.role(role)
        var member = try await existing(email, tenant: tenant)
        let before = member.role
        guard before != role else { return (member, before) }
        if before == .owner || role == .owner { try Self.checkMayTouchOwners(actor) }
        let changed = try await change(member, tenant: tenant, to: role, doing: "demoted")
        member.role = role
        return (member, changed)
    }

    /// Removes the member `email` from the tenant (the person stays, with their other tenants).
    package func remove(_ email: String, tenant: String, by actor: Actor) async throws -> Member {
        var member = try await existing(email, tenant: tenant)
        if member.role == .owner { try Self.checkMayTouchOwners(actor) }
        member.role = try await change(member, tenant: tenant, to: nil, doing: "removed")
        return member
    }

    /// `person` joins `tenant` with `role` (an invitation accepted, or an allowed email domain).
    package func join(_ person: Person, tenant: String, role: Role) async throws {
        try await store.setMembership(
            Membership(personID: person.id, tenant: tenant, role: role, createdAt: clock.now()))
    }

    /// The member `email` of `tenant`; `404` when there is none.
    package func existing(_ email: String, tenant: String) async throws -> Member {
        let address = try Self.address(email)
        guard let person = try await store.person(email: address),
            let membership = try await store.memberships(personID: person.id).first(where: { $0.tenant == tenant })
        else { throw Self.notMember(address, tenant: tenant) }
        return Member(personID: person.id, email: person.email, role: membership.role, joinedAt: membership.createdAt)
    }

    /// Whether `actor` may invite, promote, demote or remove owners: a person who may change
    /// owners (an owner), or a key that may change members (keys are the operator's).
    package static func mayTouchOwners(_ actor: Actor) -> Bool {
        switch actor.credential {
        case .key: actor.may(.changeMembers)
        case .person: actor.may(.changeOwners)
        }
    }

    private static func checkMayTouchOwners(_ actor: Actor) throws(Problem) {
        guard mayTouchOwners(actor) else { throw Problem.refusing(.changeOwners, to: actor) }
    }

    /// Gives `member` `role` (removes them for `nil`) in the one store operation that also checks
    /// that the tenant keeps an owner; the role they had.
    private func change(_ member: Member, tenant: String, to role: Role?, doing: String) async throws -> Role {
        switch try await store.changeMembership(personID: member.personID, tenant: tenant, to: role) {
        case .changed(let before):
            return before
        case .lastOwner:
            throw Problem(
                .conflict, .lastOwner, title: "The last owner stays",
                detail:
                    "\(member.email) is the last owner of \(tenant), so they cannot be \(doing); make another member an owner first"
            )
        case .notMember:
            throw Self.notMember(member.email, tenant: tenant)
        }
    }

    private static func notMember(_ email: String, tenant: String) -> Problem {
        Problem.notFound("\(email) is not a member of \(tenant)", field: "email")
    }

    private static func address(_ email: String) throws(Problem) -> String {
        do {
            return try EmailAddress.normalised(email)
        } catch {
            throw Problem.invalidField("email", error.description)
        }
    }

    private static func role(_ text: String) throws(Problem) -> Role {
        guard let role = Role(rawValue: text) else {
            throw Problem.invalidField(
                "role", "\"\(text)\" is not a role; use one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return role
    }
}
