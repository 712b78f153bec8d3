import DeepLinkRouting
import Hummingbird
import LinkCore
import LinkStorage

/// `/api/v1/domains`: a tenant's domains — the manifest's, and runtime ones it adds, verifies by
/// a DNS TXT record and removes (``DomainRegistry``). Every call needs the tenant's key; another
/// tenant's domain is `404`, as if it did not exist.
package struct DomainsAPI: Sendable {
    package let registry: DomainRegistry
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    /// Where changes are recorded.
    package let audit: AuditLog

    private var target: String? { registry.settings.target }

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let domains = router.group("/api/v1/domains")
            .add(middleware: BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit))
            .requiring(.changeDomains)
        domains.post { request, context in try await add(request, context) }
        domains.get { _, context in try await list(context) }
        domains.get("/:domain") { _, context in try await show(context) }
        domains.post("/:domain/verify") { request, context in try await verify(request, context) }
        domains.delete("/:domain") { request, context in try await remove(request, context) }
    }

    private func add(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let body = try await request.collectBody(upTo: maxBodySize)
        let name = try DomainRequest(body: body.readableBytesView).domain
        let domain = try await registry.add(normalized: name, tenant: context.tenant)
        await audit.record(.domainAdded, target: "domain:" + domain.name, request: request, context: context)
        var response = Response.json(DomainJSON.node(domain, target: target), status: .created)
        response.headers[.location] = "/api/v1/domains/\(domain.name)"
        return response
    }

    private func list(_ context: APIRequestContext) async throws -> Response {
        let runtime = try await registry.store.domains(tenant: context.tenant.id)
        let health = try await registry.health(tenant: context.tenant)
        let nodes =
            context.tenant.manifest.domains.map { DomainJSON.manifestNode($0, health: health[$0]) }
            + runtime.map { DomainJSON.node($0, target: target, health: health[$0.name]) }
        return .json(.object(["domains": JSONNode(.array(nodes))]))
    }

    private func show(_ context: APIRequestContext) async throws -> Response {
        let name = try pathDomain(context)
        let health = try await registry.health(tenant: context.tenant)[name]
        if context.tenant.manifest.domains.contains(name) {
            return .json(DomainJSON.manifestNode(name, health: health))
        }
        return .json(
            DomainJSON.node(try await registry.existing(name, tenant: context.tenant), target: target, health: health))
    }

    private func verify(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let name = try pathDomain(context)
        if context.tenant.manifest.domains.contains(name) { return .json(DomainJSON.manifestNode(name)) }
        let before = try await registry.existing(name, tenant: context.tenant)
        let domain = try await registry.verify(name, tenant: context.tenant)
        if before.status != domain.status {
            await audit.record(
                .domainVerified, target: "domain:" + name,
                changes: [AuditChange(field: "status", before: before.status.rawValue, after: domain.status.rawValue)],
                request: request, context: context)
        }
        return .json(DomainJSON.node(domain, target: target))
    }

    private func remove(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let moveLinksTo = request.uri.queryParameters.get("moveLinksTo").map { String($0) }
        let name = try pathDomain(context)
        try await registry.remove(name, tenant: context.tenant, moveLinksTo: moveLinksTo)
        await audit.record(
            .domainRemoved, target: "domain:" + name,
            changes: moveLinksTo.map { [AuditChange(field: "moveLinksTo", before: nil, after: $0)] } ?? [],
            request: request, context: context)
        return Response(status: .noContent)
    }

    /// The path's domain, in the form it is stored in.
    private func pathDomain(_ context: APIRequestContext) throws -> String {
        try registry.storedName(context.parameters.get("domain") ?? "", tenant: context.tenant)
    }
}
