import Foundation

/// A store's people, their memberships and invitations. (Their console sessions are
/// ``ConsoleSession``s, kept with the keys' in ``SessionRecords``.)
package protocol PersonRecords: Sendable {
    /// Stores a new person; `false` (and nothing written) when their email is taken.
    func insertPerson(_ person: Person) async throws -> Bool
    func person(id: String) async throws -> Person?
    /// The person with this ``EmailAddress/normalised(_:)`` address.
    func person(email: String) async throws -> Person?
    /// Replaces a person's password hash, TOTP secret and last step (the id, email and creation
    /// time stay); `false` when there is no such person.
    func updatePerson(_ person: Person) async throws -> Bool
    /// Records that the person's one-time code of TOTP step `step` was used, if no code of this
    /// step or a later one was: `false` otherwise (a code replayed, also by a rival call at the
    /// same moment). The check and the change are one statement.
    func useOneTimeCodeStep(personID: String, step: Int) async throws -> Bool
    /// Whether anyone is stored (while nobody is, the console signs in with API keys by default).
    func hasPeople() async throws -> Bool

    /// Gives a person a role in a tenant, replacing the role they had there.
    func setMembership(_ membership: Membership) async throws
    /// A person's tenants, in tenant order.
    func memberships(personID: String) async throws -> [Membership]
    /// A tenant's members, in the order they joined.
    func memberships(tenant: String) async throws -> [Membership]
    /// Removes a person from a tenant; `false` when they were not in it.
    func deleteMembership(personID: String, tenant: String) async throws -> Bool
    /// Gives a member of `tenant` the role `role`, or removes them from it when `role` is `nil`,
    /// unless they are its last owner and would no longer be one: the check and the change are
    /// one operation (a transaction that locks the tenant's owners, or the memory store's
    /// actor), so two demotions or removals at once cannot both pass and leave no owner.
    func changeMembership(personID: String, tenant: String, to role: Role?) async throws -> MembershipChange

    /// Stores an invitation, and queues `event` (its `member.invited` webhook) in the same
    /// transaction when given.
    func insertInvitation(_ invitation: Invitation, event: WebhookEvent?) async throws
    func invitation(tokenHash: String) async throws -> Invitation?
    /// Marks the invitation used at `date` if it is still open then (unused, unexpired), and
    /// returns it; `nil` when it is unknown, used (by this call's rivals too) or expired.
    func useInvitation(tokenHash: String, at date: Date) async throws -> Invitation?
}

extension PersonRecords {
    /// Stores an invitation with no webhook event (`wayfinder people create`'s first owner).
    package func insertInvitation(_ invitation: Invitation) async throws {
        try await insertInvitation(invitation, event: nil)
    }
}
