import Foundation
import LinkCore

extension MemoryLinkStore {
    package func insertPerson(_ person: Person) async throws -> Bool {
        guard !people.values.contains(where: { $0.email == person.email }) else { return false }
        guard people[person.id] == nil else { throw LinkStoreError.database("a person with this id exists already") }
        var person = person
        person.createdAt = person.createdAt.truncatedToMilliseconds
        people[person.id] = person
        return true
    }

    package func person(id: String) async throws -> Person? { people[id] }

    package func person(email: String) async throws -> Person? {
        people.values.first { $0.email == email }
    }

    package func updatePerson(_ person: Person) async throws -> Bool {
        guard let stored = people[person.id] else { return false }
        var updated = stored
        updated.passwordHash = person.passwordHash
        updated.totpSecret = person.totpSecret
        updated.totpLastStep = person.totpLastStep
        people[person.id] = updated
        return true
    }

    package func useOneTimeCodeStep(personID: String, step: Int) async throws -> Bool {
        guard let last = people[personID].map({ $0.totpLastStep ?? -1 }), last < step else { return false }
        people[personID]?.totpLastStep = step
        return true
    }

    package func hasPeople() async throws -> Bool { !people.isEmpty }

    package func setMembership(_ membership: Membership) async throws {
        let key = "\(membership.personID)\u{0}\(membership.tenant)"
        if membershipRows[key] != nil {
            membershipRows[key]?.role = membership.role
        } else {
            var membership = membership
            membership.createdAt = membership.createdAt.truncatedToMilliseconds
            membershipRows[key] = membership
        }
    }

    package func memberships(personID: String) async throws -> [Membership] {
        membershipRows.values.filter { $0.personID == personID }.sorted { $0.tenant < $1.tenant }
    }

    package func memberships(tenant: String) async throws -> [Membership] {
        membershipRows.values.filter { $0.tenant == tenant }.sorted {
            ($0.createdAt, $0.personID) < ($1.createdAt, $1.personID)
        }
    }

    package func deleteMembership(personID: String, tenant: String) async throws -> Bool {
        membershipRows.removeValue(forKey: "\(personID)\u{0}\(tenant)") != nil
    }

    package func changeMembership(personID: String, tenant: String, to role: Role?) async throws -> MembershipChange {
        // On the actor, without suspending: no other call runs between the check and the change.
        let key = "\(personID)\u{0}\(tenant)"
        guard let before = membershipRows[key]?.role else { return .notMember }
        if before == .owner, role != .owner,
            !membershipRows.values.contains(where: {
                $0.tenant == tenant && $0.role == .owner && $0.personID != personID
            })
        {
            return .lastOwner
        }
        if let role { membershipRows[key]?.role = role } else { membershipRows.removeValue(forKey: key) }
        return .changed(before: before)
    }

    package func insertInvitation(_ invitation: Invitation, event: WebhookEvent?) async throws {
        guard invitations[invitation.tokenHash] == nil else {
            throw LinkStoreError.database("an invitation with this token hash exists already")
        }
        var invitation = invitation
        invitation.createdAt = invitation.createdAt.truncatedToMilliseconds
        invitation.expiresAt = invitation.expiresAt.truncatedToMilliseconds
        invitation.usedAt = invitation.usedAt?.truncatedToMilliseconds
        invitations[invitation.tokenHash] = invitation
        if let event { _ = webhooks.enqueue(Self.stored(event)) }
    }

    package func invitation(tokenHash: String) async throws -> Invitation? { invitations[tokenHash] }

    package func useInvitation(tokenHash: String, at date: Date) async throws -> Invitation? {
        let date = date.truncatedToMilliseconds
        guard let invitation = invitations[tokenHash], invitation.isOpen(at: date) else { return nil }
        invitations[tokenHash]?.usedAt = date
        return invitations[tokenHash]
    }
}
