import ArgumentParser
import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder people create --tenant ID --email E --role owner [--url URL] [--database URL]`
struct PeopleCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Add a person to a tenant with a role and print a single-use sign-in link.",
        discussion: """
            The person is created when new (one per email address) and given the role in the \
            tenant; the link, valid for 7 days and for one use, is printed alone on standard \
            output (only its hash is stored). Running it again for the same person prints a new \
            link and sets the role given. This is how the first owner gets in.

            Example:
              wayfinder people create --tenant storyteller --email ada@example.com --role owner \\
                --url https://links.example.com
            """
    )

    @Option(help: ArgumentHelp("The tenant (manifest id) the person joins.", valueName: "id"))
    var tenant: String

    @Option(help: ArgumentHelp("The person's email address.", valueName: "address"))
    var email: String

    @Option(help: ArgumentHelp("owner, admin, editor or viewer.", valueName: "role"))
    var role: String

    @Option(
        help: ArgumentHelp(
            "The console's public address the link starts with (default http://localhost:PORT).", valueName: "url"))
    var url: String?

    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard Role(rawValue: role) != nil else {
            throw ValidationError(
                "--role \(role) is not a role; one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (try? EmailAddress.normalised(email)) != nil else {
            throw ValidationError("\"\(email)\" is not an email address (name@domain)")
        }
        if let url, URL(string: url)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError("--url \(url) is not an http(s) address")
        }
    }

    func run() async throws {
        let configuration = try store.configuration()
        if !configuration.manifestPaths.isEmpty {
            let ids = try CommandInput.manifests(configuration.manifestPaths).map(\.manifest.id)
            guard ids.contains(tenant) else {
                printError(
                    "error: no manifest has the id \"\(tenant)\"; the manifests given are: \(ids.joined(separator: ", "))"
                )
                throw ExitCode(1)
            }
        }
        let address = try EmailAddress.normalised(email)
        guard let role = Role(rawValue: role) else { throw ExitCode(1) }  // validate() said why
        let now = Date()
        let linkStore = try await configuration.database.openStore()
        let token: String
        do {
            var person = Person(email: address, createdAt: now)
            if !(try await linkStore.insertPerson(person)), let existing = try await linkStore.person(email: address) {
                person = existing
            }
            try await linkStore.setMembership(
                Membership(personID: person.id, tenant: tenant, role: role, createdAt: now))
            let invitation: Invitation
            (token, invitation) = Invitation.make(tenant: tenant, email: address, role: role, at: now)
            try await linkStore.insertInvitation(invitation)
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            throw error
        }
        var base = url ?? "http://localhost:\(configuration.port)"
        while base.hasSuffix("/") { base.removeLast() }
        print(base + Self.invitationPath + token)
    }

    /// Where an invitation's link leads on the console.
    static let invitationPath = "/admin/invitations/"
}
