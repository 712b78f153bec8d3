import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// People, memberships, invitations and person sessions behave alike in every `LinkStore` of
/// `LinkStoreFactory.all` (SQLite, memory, and PostgreSQL when configured).
@Suite("People storage conformance")
struct PersonStoreConformanceTests {
    static let start = Date(millisecondsSince1970: 1_700_000_000_000)

    @Test(
        "a person reads back by id and by email, one person per email, and an update keeps id and email",
        arguments: LinkStoreFactory.all)
    func people(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let ada = Person(email: try EmailAddress.normalised("  Ada@Example.COM "), createdAt: Self.start)
            #expect(ada.email == "ada@example.com")
            #expect(try await store.insertPerson(ada))
            #expect(try await store.person(id: ada.id) == ada)
            #expect(try await store.person(email: "ada@example.com") == ada)
            #expect(try await store.person(email: "bob@example.com") == nil)
            let twin = Person(email: "ada@example.com", createdAt: Self.start)
            #expect(try await store.insertPerson(twin) == false)
            #expect(try await store.person(id: twin.id) == nil)

            var changed = ada
            changed.passwordHash = try PasswordHash.make("correct horse battery")
            changed.totpSecret = TOTP.generate().base32Secret
            changed.totpLastStep = 56_666_667
            changed.email = "someone-else@example.com"
            #expect(try await store.updatePerson(changed))
            let stored = try #require(try await store.person(id: ada.id))
            #expect(stored.email == "ada@example.com")
            #expect(stored.passwordHash == changed.passwordHash)
            #expect(stored.totpSecret == changed.totpSecret)
            #expect(stored.totpLastStep == 56_666_667)
            #expect(try await store.updatePerson(Person(email: "nobody@example.com", createdAt: Self.start)) == false)
        }
    }

    @Test("a person's role per tenant is set, replaced, listed both ways and removed", arguments: LinkStoreFactory.all)
    func memberships(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let ada = Person(email: "ada@example.com", createdAt: Self.start)
            let bob = Person(email: "bob@example.com", createdAt: Self.start)
            _ = try await store.insertPerson(ada)
            _ = try await store.insertPerson(bob)
            try await store.setMembership(
                Membership(personID: ada.id, tenant: "storyteller", role: .owner, createdAt: Self.start))
            try await store.setMembership(
                Membership(personID: ada.id, tenant: "chat", role: .viewer, createdAt: Self.start))
            try await store.setMembership(
                Membership(
                    personID: bob.id, tenant: "storyteller", role: .viewer, createdAt: Self.start.addingTimeInterval(60)
                ))
            // A second role in the same tenant replaces the first and keeps when they joined.
            try await store.setMembership(
                Membership(
                    personID: bob.id, tenant: "storyteller", role: .editor,
                    createdAt: Self.start.addingTimeInterval(999)))

            #expect(
                try await store.memberships(personID: ada.id).map { "\($0.tenant):\($0.role)" } == [
                    "chat:viewer", "storyteller:owner",
                ])
            let members = try await store.memberships(tenant: "storyteller")
            #expect(members.map(\.personID) == [ada.id, bob.id])
            #expect(members.map(\.role) == [.owner, .editor])
            #expect(members.last?.createdAt == Self.start.addingTimeInterval(60))

            #expect(try await store.deleteMembership(personID: bob.id, tenant: "storyteller"))
            #expect(try await store.deleteMembership(personID: bob.id, tenant: "storyteller") == false)
            #expect(try await store.memberships(tenant: "storyteller").map(\.personID) == [ada.id])
        }
    }

    /// Ada and Bob, stored, both owners of storyteller.
    static func owners(in store: any LinkStore) async throws -> (ada: Person, bob: Person) {
        let ada = Person(email: "ada@example.com", createdAt: start)
        let bob = Person(email: "bob@example.com", createdAt: start)
        for person in [ada, bob] {
            #expect(try await store.insertPerson(person))
            try await store.setMembership(
                Membership(personID: person.id, tenant: "storyteller", role: .owner, createdAt: start))
        }
        return (ada, bob)
    }

    @Test(
        "a member's role changes or they are removed, but the last owner is neither demoted nor removed",
        arguments: LinkStoreFactory.all)
    func lastOwner(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let (ada, bob) = try await Self.owners(in: store)
            #expect(
                try await store.changeMembership(personID: ada.id, tenant: "storyteller", to: .admin)
                    == .changed(before: .owner))
            #expect(try await store.changeMembership(personID: bob.id, tenant: "storyteller", to: .admin) == .lastOwner)
            #expect(try await store.changeMembership(personID: bob.id, tenant: "storyteller", to: nil) == .lastOwner)
            // The last owner may stay an owner; another member may go.
            #expect(
                try await store.changeMembership(personID: bob.id, tenant: "storyteller", to: .owner)
                    == .changed(before: .owner))
            #expect(
                try await store.changeMembership(personID: ada.id, tenant: "storyteller", to: nil)
                    == .changed(before: .admin))
            #expect(
                try await store.changeMembership(personID: ada.id, tenant: "storyteller", to: .viewer) == .notMember)
            #expect(try await store.changeMembership(personID: bob.id, tenant: "chat", to: nil) == .notMember)
            #expect(try await store.memberships(tenant: "storyteller").map(\.role) == [.owner])
            // An owner of another tenant is no owner of this one.
            try await store.setMembership(
                Membership(personID: ada.id, tenant: "chat", role: .owner, createdAt: Self.start))
            #expect(
                try await store.changeMembership(personID: bob.id, tenant: "storyteller", to: .editor) == .lastOwner)
        }
    }

    @Test(
        "of two owners demoted or removed at once, one change is made and the other refused: an owner stays",
        arguments: LinkStoreFactory.all)
    func lastOwnerRace(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let (ada, bob) = try await Self.owners(in: store)
            for round in 0..<20 {
                // Both owners again (a removed one back), then each loses the role in a task of its own.
                for person in [ada, bob] {
                    try await store.setMembership(
                        Membership(personID: person.id, tenant: "storyteller", role: .owner, createdAt: Self.start))
                }
                let removing = round.isMultiple(of: 2)
                let outcomes = try await withThrowingTaskGroup(of: MembershipChange.self) { group in
                    for person in [ada, bob] {
                        group.addTask {
                            try await store.changeMembership(
                                personID: person.id, tenant: "storyteller", to: removing ? nil : .editor)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 == .lastOwner }.count == 1, "round \(round): \(outcomes)")
                #expect(outcomes.filter { $0 == .changed(before: .owner) }.count == 1, "round \(round): \(outcomes)")
                let owners = try await store.memberships(tenant: "storyteller").filter { $0.role == .owner }
                #expect(owners.count == 1, "round \(round)")
            }
        }
    }

    @Test(
        "an invitation is stored by its token's hash, used once, and not after it expires",
        arguments: LinkStoreFactory.all)
    func invitations(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let (token, invitation) = Invitation.make(
                tenant: "storyteller", email: "ada@example.com", role: .editor, at: Self.start)
            #expect(invitation.tokenHash == APIKey.hash(token))
            #expect(invitation.expiresAt == Self.start.addingTimeInterval(7 * 24 * 3600))
            try await store.insertInvitation(invitation)
            #expect(try await store.invitation(tokenHash: invitation.tokenHash) == invitation)
            #expect(try await store.invitation(tokenHash: APIKey.hash("wfi_unknown")) == nil)

            let accepted = Self.start.addingTimeInterval(3600)
            var used = invitation
            used.usedAt = accepted
            #expect(try await store.useInvitation(tokenHash: invitation.tokenHash, at: accepted) == used)
            #expect(try await store.useInvitation(tokenHash: invitation.tokenHash, at: accepted) == nil)
            #expect(try await store.invitation(tokenHash: invitation.tokenHash)?.usedAt == accepted)

            let (_, late) = Invitation.make(
                tenant: "storyteller", email: "bob@example.com", role: .viewer, at: Self.start)
            try await store.insertInvitation(late)
            #expect(try await store.useInvitation(tokenHash: late.tokenHash, at: late.expiresAt) == nil)
            #expect(try await store.invitation(tokenHash: late.tokenHash)?.usedAt == nil)
        }
    }

    @Test(
        "an invitation stored with its member.invited event queues it for the endpoints that name it",
        arguments: LinkStoreFactory.all)
    func invitationEvent(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            for (id, events) in [("wh_members", [WebhookEventType.memberInvited]), ("wh_links", [.linkCreated])] {
                _ = try await store.insertWebhookEndpoint(
                    WebhookEndpoint(
                        id: id, tenant: "storyteller", url: "https://hooks.example.com/\(id)", events: events,
                        secret: WebhookSecret.make(), createdAt: Self.start, updatedAt: Self.start),
                    limit: 10)
            }
            let (token, invitation) = Invitation.make(
                tenant: "storyteller", email: "ada@example.com", role: .editor, at: Self.start)
            let url = "https://links.example.com/admin/invitations/" + token
            try await store.insertInvitation(
                invitation,
                event: WebhookPayload.memberInvited(invitation, url: url, invitedBy: "person:owner@example.com"))
            let (_, quiet) = Invitation.make(
                tenant: "storyteller", email: "bob@example.com", role: .viewer, at: Self.start)
            try await store.insertInvitation(quiet)
            #expect(try await store.invitation(tokenHash: quiet.tokenHash) == quiet)

            let now = Self.start.addingTimeInterval(1)
            let messages = try await store.claimWebhookMessages(
                owner: "test", now: now, leaseUntil: now.addingTimeInterval(60), limit: 10)
            #expect(messages.map(\.endpointID) == ["wh_members"])
            #expect(messages.map(\.type) == [.memberInvited])
            let body = try JSONParser().parse(try #require(messages.first).payload)
            #expect(body[path: "data.url"] == url)
            #expect(body[path: "data.email"] == "ada@example.com")
            #expect(body[path: "data.expiresAt"] == ISO8601.string(from: invitation.expiresAt))
        }
    }

    @Test("of many acceptances of one invitation at once, exactly one succeeds", arguments: LinkStoreFactory.all)
    func invitationRace(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let (_, invitation) = Invitation.make(
                tenant: "storyteller", email: "ada@example.com", role: .editor, at: Self.start)
            try await store.insertInvitation(invitation)
            let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await store.useInvitation(
                            tokenHash: invitation.tokenHash, at: Self.start.addingTimeInterval(5)) != nil
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(winners == 1)
        }
    }

    @Test(
        "a person's console session is stored with the keys' sessions, person id kept", arguments: LinkStoreFactory.all)
    func personSessions(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let session = ConsoleSession(
                idHash: APIKey.hash("session-1"), tenant: "storyteller", keyHash: "", personID: "p_1",
                csrfToken: "csrf-1", createdAt: Self.start, lastUsedAt: Self.start)
            try await store.insertSession(session)
            #expect(try await store.session(idHash: session.idHash) == session)
            #expect(try await store.session(idHash: session.idHash)?.personID == "p_1")
            #expect(try await store.deleteSession(idHash: session.idHash))
        }
    }

    @Test(
        "a one-time code's step is used once: the same or an earlier step is refused, also to many calls at once",
        arguments: LinkStoreFactory.all)
    func oneTimeCodeStep(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let (ada, _) = try await Self.owners(in: store)
            #expect(try await store.useOneTimeCodeStep(personID: ada.id, step: 100))
            #expect(try await !store.useOneTimeCodeStep(personID: ada.id, step: 100))
            #expect(try await !store.useOneTimeCodeStep(personID: ada.id, step: 99))
            #expect(try await store.person(id: ada.id)?.totpLastStep == 100)
            #expect(try await !store.useOneTimeCodeStep(personID: "nobody", step: 1))
            let used = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { try await store.useOneTimeCodeStep(personID: ada.id, step: 101) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(used == 1)
        }
    }

    @Test("whether anyone is stored", arguments: LinkStoreFactory.all)
    func hasPeople(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            #expect(try await store.hasPeople() == false)
            #expect(try await store.insertPerson(Person(email: "ada@example.com", createdAt: Self.start)))
            #expect(try await store.hasPeople())
        }
    }

    @Test("a person's description never shows the password hash or the TOTP secret")
    func descriptionHidesSecrets() throws {
        let secret = TOTP.generate().base32Secret
        let person = Person(
            email: "ada@example.com", passwordHash: "scrypt$14$8$1$salt$key", totpSecret: secret, createdAt: Self.start)
        for text in [String(describing: person), String(reflecting: person), "\(person)"] {
            #expect(!text.contains(secret))
            #expect(!text.contains("scrypt$"))
        }
        #expect(throws: EmailAddress.Invalid.self) { try EmailAddress.normalised("not-an-address") }
        #expect(throws: EmailAddress.Invalid.self) { try EmailAddress.normalised("a@b") }
    }
}
