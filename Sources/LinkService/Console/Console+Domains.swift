import HTTPTypes
import Hummingbird
import LinkCore
import Logging

// The console's domains page: the tenant's domains with their status and health, and the forms
// that add, verify and remove runtime ones. Every change goes through ``DomainRegistry``, the
// API's own code path, so the console refuses what the API refuses, with the same reasons.
extension Console {
    package func registerDomains(on signedIn: RouterGroup<ConsoleRequestContext>) {
        signedIn.get("/domains") { request, context in try await domainsPage(context, notice: Self.notice(request)) }
        signedIn.post("/domains") { request, context in try await addDomain(request, context) }
        signedIn.post("/domains/:domain/verify") { request, context in try await verifyDomain(request, context) }
        signedIn.post("/domains/:domain/remove") { request, context in try await removeDomain(request, context) }
    }

    private func domainsPage(
        _ context: ConsoleRequestContext, notice: String? = nil, addValue: String = "", addError: String? = nil,
        refusal: (domain: String, message: String)? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let tenant = domainRegistry.tenants.tenant(id: context.tenant.id) ?? context.tenant
        let layout = layout(context.signedIn, title: "Domains", notice: notice, section: .domains)
        var page = ConsoleDomainsPage(
            layout: layout, tenant: tenant, runtime: try await domainRegistry.store.domains(tenant: tenant.id),
            health: try await domainRegistry.health(tenant: tenant), target: domainRegistry.settings.target,
            refusal: refusal)
        page.addValue = addValue
        page.addError = addError
        return html(pages.render(page), status: status)
    }

    private func addDomain(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let text = context.form.text("domain")
        do {
            let domain = try await domainRegistry.add(text, tenant: context.tenant)
            await recordChange(.domainAdded, target: "domain:" + domain.name, request, context)
            logger.info(
                "domain added in the console", metadata: ["tenant": "\(domain.tenant)", "domain": "\(domain.name)"])
            return redirect("/admin/domains?done=domain-added")
        } catch let problem as Problem where problem.status == .badRequest || problem.status == .conflict {
            return try await domainsPage(
                context, addValue: text, addError: problem.detail, status: problem.status)
        } catch let error as FieldError {
            return try await domainsPage(context, addValue: text, addError: error.message, status: .badRequest)
        }
    }

    private func verifyDomain(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let name = try domainRegistry.storedName(context.parameters.get("domain") ?? "", tenant: context.tenant)
        let before = try? await domainRegistry.existing(name, tenant: context.tenant)
        let domain = try await domainRegistry.verify(name, tenant: context.tenant)
        if let before, before.status != domain.status {
            await recordChange(
                .domainVerified, target: "domain:" + name,
                changes: [AuditChange(field: "status", before: before.status.rawValue, after: domain.status.rawValue)],
                request, context)
        }
        return redirect("/admin/domains?done=\(domain.status == .verified ? "domain-verified" : "domain-pending")")
    }

    private func removeDomain(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let name = try domainRegistry.storedName(context.parameters.get("domain") ?? "", tenant: context.tenant)
        let moveLinksTo = context.form.text("moveLinksTo")
        do {
            try await domainRegistry.remove(
                name, tenant: context.tenant, moveLinksTo: moveLinksTo.isEmpty ? nil : moveLinksTo)
            await recordChange(
                .domainRemoved, target: "domain:" + name,
                changes: moveLinksTo.isEmpty
                    ? [] : [AuditChange(field: "moveLinksTo", before: nil, after: moveLinksTo)],
                request, context)
            return redirect("/admin/domains?done=domain-removed")
        } catch let problem as Problem where problem.code == .domainHasLinks {
            let links = try await domainRegistry.store.linkCount(tenant: context.tenant.id, domain: name)
            let message =
                "\(links) link\(links == 1 ? " is" : "s are") on \(name), so it was not removed. Move \(links == 1 ? "it" : "them") to another of your domains below, or delete \(links == 1 ? "it" : "them") first."
            return try await domainsPage(context, refusal: (name, message), status: .conflict)
        }
    }
}
