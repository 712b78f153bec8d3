import Foundation
import LinkService
import Testing

@Suite("wayfinder people")
struct PeopleCommandTests {
    @Test("people create stores the person with the role and prints a single-use invitation link, stored hashed")
    func create() async throws {
        let directory = try TemporaryDirectory(prefix: "wayfinder-people")
        defer { directory.remove() }
        let path = directory.path("people.sqlite")
        let arguments = [
            "people", "create", "--tenant", "storyteller", "--email", "Ada@Example.com", "--role", "owner",
            "--manifest", "Examples/storyteller.json", "--database", "sqlite:" + path, "--url",
            "https://links.example.com/",
        ]
        let created = try await WayfinderProcess.runDetached(arguments)
        #expect(created.status == 0, "\(created.stderr)")
        let lines = created.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        let link = try #require(lines.first)
        #expect(link.hasPrefix("https://links.example.com/admin/invitations/wfi_"))
        let token = String(link.split(separator: "/").last ?? "")
        #expect(token.count == 44)

        let again = try await WayfinderProcess.runDetached(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout != created.stdout)

        let store = try await SQLiteLinkStore.open(path: path)
        do {
            let person = try #require(try await store.person(email: "ada@example.com"))
            #expect(person.passwordHash == nil)
            #expect(try await store.memberships(personID: person.id).map(\.role) == [.owner])
            let invitation = try #require(try await store.invitation(tokenHash: APIKey.hash(token)))
            #expect(invitation.email == "ada@example.com")
            #expect(invitation.role == .owner)
            #expect(invitation.tenant == "storyteller")
            #expect(try await store.useInvitation(tokenHash: APIKey.hash(token), at: Date()) != nil)
            #expect(try await store.useInvitation(tokenHash: APIKey.hash(token), at: Date()) == nil)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.range(of: Data(token.utf8)) == nil, "the token itself is never stored")
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    @Test("people create refuses an unknown role and an address that is not one, and writes nothing")
    func refusals() async throws {
        let directory = try TemporaryDirectory(prefix: "wayfinder-people")
        defer { directory.remove() }
        let path = directory.path("people.sqlite")
        let database = "sqlite:" + path
        let role = try await WayfinderProcess.runDetached([
            "people", "create", "--tenant", "storyteller", "--email", "ada@example.com", "--role", "boss",
            "--database", database,
        ])
        #expect(role.status != 0)
        #expect(role.stdout.isEmpty)
        #expect(role.stderr.contains("viewer, editor, admin, owner"))
        let email = try await WayfinderProcess.runDetached([
            "people", "create", "--tenant", "storyteller", "--email", "ada", "--role", "owner", "--database", database,
        ])
        #expect(email.status != 0)
        #expect(email.stderr.contains("not an email address"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
