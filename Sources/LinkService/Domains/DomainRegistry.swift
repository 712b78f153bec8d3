import DeepLinkRouting
import HTTPTypes
import LinkCore
import LinkStorage
import Logging

/// A tenant's runtime domains: adding, verifying and removing them with every rule checked, for
/// the API and `wayfinder domains` alike. Refusals are problem documents (`invalid-domain`,
/// `domain-taken`, `domain-has-links`, `domain-in-manifest`, `not-found`) whose detail says what
/// to do.
package struct DomainRegistry: Sendable {
    package let tenants: TenantDirectory
    package let store: any LinkStore
    package let settings: DomainSettings
    package let verifier: DomainVerifier
    package let clock: ServiceClock
    package let logger: Logger

    /// Adds `text` (normalised) to `tenant` as a pending domain.
    package func add(_ text: String, tenant: Tenant) async throws -> RuntimeDomain {
        try await add(normalized: try DomainName.normalized(text), tenant: tenant)
    }

    /// Adds an already normalised name to `tenant` as a pending domain.
    package func add(normalized name: String, tenant: Tenant) async throws -> RuntimeDomain {
        if let suffix = settings.reservedSuffixes.first(where: { name == $0 || name.hasSuffix("." + $0) }) {
            throw Problem.invalidField(
                "domain", "\(name) is under \(suffix), which this server reserves: add a domain of your own",
                code: .invalidDomain)
        }
        if let holder = tenants.served.all.first(where: { $0.manifest.domains.contains(name) }) {
            throw Self.taken(name, byThisTenant: holder.id == tenant.id, inManifest: true)
        }
        let domain = RuntimeDomain.adding(name, tenant: tenant.id, at: clock.now())
        guard try await store.insertDomain(domain) else {
            let holder = try await store.domain(named: name)
            throw Self.taken(name, byThisTenant: holder?.tenant == tenant.id, inManifest: false)
        }
        logger.info("domain added", metadata: ["tenant": "\(domain.tenant)", "domain": "\(domain.name)"])
        return domain
    }

    /// The tenant's runtime domain `name`; `404` when it has none (another tenant's too).
    package func existing(_ name: String, tenant: Tenant) async throws -> RuntimeDomain {
        guard let domain = try await store.domain(named: name), domain.tenant == tenant.id else {
            throw Problem.notFound("domain \(name)")
        }
        return domain
    }

    /// The last recorded health of the tenant's domains, by domain name.
    package func health(tenant: Tenant) async throws -> [String: DomainHealth] {
        var byDomain: [String: DomainHealth] = [:]
        for health in try await store.domainHealth(tenant: tenant.id) { byDomain[health.domain] = health }
        return byDomain
    }

    /// Looks a pending domain's TXT record up now; other domains are answered as they are.
    package func verify(_ name: String, tenant: Tenant) async throws -> RuntimeDomain {
        try await verifier.verify(try await existing(name, tenant: tenant))
    }

    /// A domain as a caller writes it (a URL path, a command's argument) in the form it is
    /// stored in: a manifest's name as the manifest writes it, any other normalised
    /// (``DomainName``); `404` for a text that is no host name.
    package func storedName(_ text: String, tenant: Tenant) throws -> String {
        let plain = DomainName.lookupForm(text)
        if tenant.manifest.domains.contains(plain) { return plain }
        do {
            return try DomainName.normalized(text)
        } catch {
            throw Problem.notFound("domain \(text)")
        }
    }

    /// Removes the tenant's runtime domain `name`, first writing its links on `moveLinksTo`
    /// (another served domain of the tenant) when given; refused while links live on it
    /// otherwise.
    package func remove(_ name: String, tenant: Tenant, moveLinksTo: String?) async throws {
        if tenant.manifest.domains.contains(name) {
            throw Problem(
                .conflict, .domainInManifest, title: "The domain is in the manifest",
                detail: "\(name) is listed in \(tenant.id)'s manifest: remove it there and reload", field: nil)
        }
        _ = try await existing(name, tenant: tenant)
        let links = try await store.linkCount(tenant: tenant.id, domain: name)
        if links > 0 {
            guard let target = moveLinksTo else {
                throw Problem(
                    .conflict, .domainHasLinks, title: "Links live on the domain",
                    detail:
                        "\(links) link\(links == 1 ? "" : "s") of \(tenant.id) \(links == 1 ? "is" : "are") on \(name): move them with ?moveLinksTo=<another of your domains>, or delete them first",
                    field: nil)
            }
            let other = (try? storedName(target, tenant: tenant)) ?? target
            guard other != name, tenant.domains.contains(other) else {
                throw Problem.invalidField(
                    "moveLinksTo",
                    "\"\(target)\" is not another served domain of \(tenant.id); use one of: \(tenant.domains.subtracting([name]).sorted().joined(separator: ", "))"
                )
            }
            let moved = try await store.moveLinks(tenant: tenant.id, from: name, to: other)
            logger.info(
                "links moved off a domain",
                metadata: ["tenant": "\(tenant.id)", "from": "\(name)", "to": "\(other)", "count": "\(moved)"])
        }
        guard try await store.deleteDomain(named: name, tenant: tenant.id) else {
            throw Problem.notFound("domain \(name)")
        }
        try await verifier.refreshServed()
        logger.info("domain removed", metadata: ["tenant": "\(tenant.id)", "domain": "\(name)"])
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
