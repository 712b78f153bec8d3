import ArgumentParser
import DeepLinkRouting
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder domains …`: a tenant's runtime domains, in the database the server uses.
struct DomainsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "domains",
        abstract: "Add, list, verify and remove a tenant's runtime domains (branded domains verified by DNS).",
        discussion: """
            The same rules as the API's /api/v1/domains, on the database a server uses: a running \
            server serves a domain verified here within a minute (its own check of the store).

            Example:
              wayfinder domains add go.acme.com --tenant storyteller --manifest Examples/storyteller.json
              wayfinder domains verify go.acme.com --tenant storyteller --manifest Examples/storyteller.json
            """,
        subcommands: [
            DomainsAddCommand.self, DomainsListCommand.self, DomainsVerifyCommand.self, DomainsRemoveCommand.self,
        ]
    )
}

/// What every domains subcommand takes: the tenant, its manifests and the database.
struct DomainOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The tenant (manifest id) the domain belongs to.", valueName: "id"))
    var tenant: String

    @OptionGroup var store: StoreOptions

    /// Runs `body` with the registry of a server made from the options (not listening), then
    /// closes its store. A refusal prints its detail and exits 1.
    func withRegistry(_ body: (DomainRegistry, Tenant) async throws -> Void) async throws {
        let configuration = try store.configuration()
        guard !configuration.manifestPaths.isEmpty else {
            printError("error: give the tenants' manifests with --manifest (or WAYFINDER_MANIFEST)")
            throw ExitCode(1)
        }
        let manifests = try CommandInput.manifests(configuration.manifestPaths).map(\.manifest)
        let database = try await LinkDatabase.open(configuration.database)
        do {
            let server = try LinkServer(configuration: configuration, manifests: manifests, database: database)
            guard let found = server.tenants.tenant(id: tenant) else {
                printError(
                    "error: no manifest has the id \"\(tenant)\"; the manifests given are: \(manifests.map(\.id).joined(separator: ", "))"
                )
                throw ExitCode(1)
            }
            try await server.domainVerifier.refreshServed()
            try await body(server.domainRegistry, server.tenants.tenant(id: tenant) ?? found)
            try await database.close()
        } catch let problem as Problem {
            try? await database.close()
            printError("error: \(problem.detail)")
            throw ExitCode(1)
        } catch {
            try? await database.close()
            throw error
        }
    }
}

/// One domain as a line: `NAME STATUS`, then what to do while it is pending.
func describe(_ domain: RuntimeDomain, target: String?) -> String {
    var text = "\(domain.name) \(domain.status.rawValue)"
    if domain.status == .pending {
        text += "\n  create the TXT record \(domain.challengeName) with the value \(domain.token)"
        if let target { text += "\n  and point \(domain.name) at \(target) (a CNAME record)" }
        if let error = domain.checkError { text += "\n  last check: \(error)" }
    }
    return text
}

/// `wayfinder domains add DOMAIN --tenant ID --manifest FILE… [--database URL]`
struct DomainsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a domain to a tenant (pending) and print the DNS record that verifies it.")

    @Argument(help: ArgumentHelp("The host name, such as go.acme.com.", valueName: "domain"))
    var domain: String

    @OptionGroup var options: DomainOptions

    func run() async throws {
        try await options.withRegistry { registry, tenant in
            let added: RuntimeDomain
            do {
                added = try await registry.add(domain, tenant: tenant)
            } catch let error as FieldError {
                printError("error: \(error.message)")
                throw ExitCode(1)
            }
            print(describe(added, target: registry.settings.target))
        }
    }
}

/// `wayfinder domains list --tenant ID --manifest FILE… [--database URL]`
struct DomainsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List a tenant's domains: its manifest's, then the ones added.")

    @OptionGroup var options: DomainOptions

    func run() async throws {
        try await options.withRegistry { registry, tenant in
            for name in tenant.manifest.domains { print("\(name) manifest") }
            for domain in try await registry.store.domains(tenant: tenant.id) {
                print(describe(domain, target: registry.settings.target))
            }
        }
    }
}

/// `wayfinder domains verify DOMAIN --tenant ID --manifest FILE… [--database URL]`
struct DomainsVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Look a pending domain's TXT record up now (through WAYFINDER_DNS_RESOLVER); exit 1 unless verified.")

    @Argument(help: ArgumentHelp("The domain, as added.", valueName: "domain"))
    var domain: String

    @OptionGroup var options: DomainOptions

    func run() async throws {
        try await options.withRegistry { registry, tenant in
            let checked = try await registry.verify(try registry.storedName(domain, tenant: tenant), tenant: tenant)
            print(describe(checked, target: registry.settings.target))
            if checked.status != .verified { throw ExitCode(1) }
        }
    }
}

/// `wayfinder domains remove DOMAIN --tenant ID [--move-links-to D] --manifest FILE… [--database URL]`
struct DomainsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract:
            "Remove a runtime domain; refused while links are written on it, unless --move-links-to names another.")

    @Argument(help: ArgumentHelp("The domain, as added.", valueName: "domain"))
    var domain: String

    @Option(
        help: ArgumentHelp(
            "Another served domain of the tenant to write the domain's links on first.", valueName: "domain"))
    var moveLinksTo: String?

    @OptionGroup var options: DomainOptions

    func run() async throws {
        try await options.withRegistry { registry, tenant in
            let name = try registry.storedName(domain, tenant: tenant)
            try await registry.remove(name, tenant: tenant, moveLinksTo: moveLinksTo)
            print("\(name) removed")
        }
    }
}
