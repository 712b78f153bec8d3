import DeepLinkRouting
import Hummingbird
import LinkCore
import LinkStorage
import Logging

/// `/api/v1/domains`: a tenant's domains — the manifest's, and runtime ones it adds, verifies by
/// a DNS TXT record and removes. Every call needs the tenant's key; another tenant's domain is
/// `404`, as if it did not exist.
package struct DomainsAPI: Sendable {
    package let tenants: TenantDirectory
    package let store: CachingLinkStore
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    package let settings: DomainSettings
    package let verifier: DomainVerifier
    package let clock: ServiceClock
    package let logger: Logger

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let domains = router.group("/api/v1/domains")
            .add(middleware: BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit))
            .group(context: APIRequestContext.self)
        domains.post { request, context in try await add(request, context) }
        domains.get { _, context in try await list(context) }
        domains.get("/:domain") { _, context in try await show(context) }
        domains.post("/:domain/verify") { _, context in try await verify(context) }
        domains.delete("/:domain") { request, context in try await remove(request, context) }
    }

    private func add(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let body = try await request.collectBody(upTo: maxBodySize)
        let name = try DomainRequest(body: body.readableBytesView).domain
        if let suffix = settings.reservedSuffixes.first(where: { name == $0 || name.hasSuffix("." + $0) }) {
            throw Problem.invalidField(
                "domain", "\(name) is under \(suffix), which this server reserves: add a domain of your own",
                code: .invalidDomain)
        }
        if let holder = tenants.served.all.first(where: { $0.manifest.domains.contains(name) }) {
            throw Self.taken(name, byThisTenant: holder.id == context.tenant.id, inManifest: true)
        }
        let domain = RuntimeDomain.adding(name, tenant: context.tenant.id, at: clock.now())
        guard try await store.insertDomain(domain) else {
            let holder = try await store.domain(named: name)
            throw Self.taken(name, byThisTenant: holder?.tenant == context.tenant.id, inManifest: false)
        }
        logger.info("domain added", metadata: ["tenant": "\(domain.tenant)", "domain": "\(domain.name)"])
        var response = Response.json(DomainJSON.node(domain, target: settings.target), status: .created)
        response.headers[.location] = "/api/v1/domains/\(domain.name)"
        return response
    }

    private func list(_ context: APIRequestContext) async throws -> Response {
        let runtime = try await store.domains(tenant: context.tenant.id)
        let nodes =
            context.tenant.manifest.domains.map(DomainJSON.manifestNode)
            + runtime.map { DomainJSON.node($0, target: settings.target) }
        return .json(.object(["domains": JSONNode(.array(nodes))]))
    }

    private func show(_ context: APIRequestContext) async throws -> Response {
        let name = try pathDomain(context)
        if context.tenant.manifest.domains.contains(name) { return .json(DomainJSON.manifestNode(name)) }
        return .json(DomainJSON.node(try await existing(name, context), target: settings.target))
    }

    private func verify(_ context: APIRequestContext) async throws -> Response {
        let name = try pathDomain(context)
        if context.tenant.manifest.domains.contains(name) { return .json(DomainJSON.manifestNode(name)) }
        let domain = try await existing(name, context)
        let checked = domain.status == .pending ? try await verifier.verify(domain) : domain
        return .json(DomainJSON.node(checked, target: settings.target))
    }

    private func remove(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let name = try pathDomain(context)
        if context.tenant.manifest.domains.contains(name) {
            throw Problem(
                .conflict, .domainInManifest, title: "The domain is in the manifest",
                detail: "\(name) is listed in \(context.tenant.id)'s manifest: remove it there and reload", field: nil)
        }
        let domain = try await existing(name, context)
        let links = try await store.linkCount(tenant: context.tenant.id, domain: name)
        if links > 0 {
            guard let target = request.uri.queryParameters.get("moveLinksTo").map({ String($0) }) else {
                throw Problem(
                    .conflict, .domainHasLinks, title: "Links live on the domain",
                    detail:
                        "\(links) link\(links == 1 ? "" : "s") of \(context.tenant.id) \(links == 1 ? "is" : "are") on \(name): move them with ?moveLinksTo=<another of your domains>, or delete them first",
                    field: nil)
            }
            let other = (try? DomainName.normalized(target, field: "moveLinksTo")) ?? target
            guard other != name, context.tenant.domains.contains(other) else {
                throw Problem.invalidField(
                    "moveLinksTo",
                    "\"\(target)\" is not another served domain of \(context.tenant.id); use one of: \(context.tenant.domains.subtracting([name]).sorted().joined(separator: ", "))"
                )
            }
            let moved = try await store.moveLinks(tenant: context.tenant.id, from: name, to: other)
            logger.info(
                "links moved off a domain",
                metadata: ["tenant": "\(domain.tenant)", "from": "\(name)", "to": "\(other)", "count": "\(moved)"])
        }
        guard try await store.deleteDomain(named: name, tenant: context.tenant.id) else {
            throw Problem.notFound("domain \(name)")
        }
        try await verifier.refreshServed()
        logger.info("domain removed", metadata: ["tenant": "\(domain.tenant)", "domain": "\(name)"])
        return Response(status: .noContent)
    }

    /// The path's domain, normalised as stored (a manifest's name as the manifest writes it).
    private func pathDomain(_ context: APIRequestContext) throws -> String {
        let text = context.parameters.get("domain") ?? ""
        let lowered = text.lowercased()
        let plain = lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
        if context.tenant.manifest.domains.contains(plain) { return plain }
        do {
            return try DomainName.normalized(text)
        } catch {
            throw Problem.notFound("domain \(text)")
        }
    }

    /// The key's tenant's runtime domain `name`; `404` when it has none (another tenant's too).
    private func existing(_ name: String, _ context: APIRequestContext) async throws -> RuntimeDomain {
        guard let domain = try await store.domain(named: name), domain.tenant == context.tenant.id else {
            throw Problem.notFound("domain \(name)")
        }
        return domain
    }

    private static func taken(_ name: String, byThisTenant: Bool, inManifest: Bool) -> Problem {
        Problem(
            .conflict, .domainTaken, title: "The domain is taken",
            detail: byThisTenant
                ? "\(name) is already one of your domains\(inManifest ? " (in the manifest)" : ""): GET /api/v1/domains/\(name) shows it"
                : "\(name) is held by another tenant\(inManifest ? "'s manifest" : ""); ask the server's operator if it should be yours",
            field: "domain")
    }
}
