import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging

// The console's webhooks pages: the endpoints and the form that adds one, and each endpoint with
// its actions and delivery log. Endpoints are made and changed by ``WebhookEndpointEditor``, the
// API's own code path, so the console refuses what the API refuses, with the same reasons.
extension Console {
    package func registerWebhooks(on signedIn: RouterGroup<ConsoleRequestContext>) {
        signedIn.get("/webhooks") { request, context in try await webhooksPage(request, context) }
        signedIn.post("/webhooks") { request, context in try await createWebhook(request, context) }
        signedIn.get("/webhooks/:id") { request, context in try await webhookPage(request, context) }
        signedIn.post("/webhooks/:id/test") { _, context in try await testWebhook(context) }
        signedIn.post("/webhooks/:id/rotate-secret") { request, context in try await rotateSecret(request, context) }
        signedIn.post("/webhooks/:id/enabled") { request, context in try await setEnabled(request, context) }
        signedIn.post("/webhooks/:id/delete") { request, context in try await deleteWebhook(request, context) }
    }

    private var editor: WebhookEndpointEditor {
        WebhookEndpointEditor(store: store, settings: webhookSettings, clock: clock)
    }

    private func webhooksPage(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let endpoints = try await store.webhookEndpoints(tenant: context.tenant.id)
        let layout = layout(context.signedIn, title: "Webhooks", notice: Self.notice(request), section: .webhooks)
        return html(pages.render(ConsoleWebhooksPage(layout: layout, endpoints: endpoints)))
    }

    private func createWebhook(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let form = context.form
        let events = WebhookEventType.allCases.filter { form[ConsoleWebhooksPage.field($0)] != nil }
        let description = form.text("description")
        let endpointRequest = WebhookEndpointRequest(
            url: form.text("url"), events: events, description: description.isEmpty ? nil : description)
        do {
            if events.isEmpty {
                throw Problem.invalidField("events", "choose at least one event", code: .noEvents)
            }
            let endpoint = try await editor.create(endpointRequest, tenant: context.tenant.id)
            await recordChange(
                .webhookCreated, target: "webhook:" + endpoint.id,
                changes: AuditChange.between([], AuditChange.fields(of: WebhookJSON.node(endpoint))), request, context)
            logger.info(
                "webhook endpoint created in the console",
                metadata: ["tenant": "\(endpoint.tenant)", "id": "\(endpoint.id)"])
            return try await endpointPage(endpoint, context, secret: endpoint.secret, status: .created)
        } catch let problem as Problem where problem.status == .badRequest {
            let endpoints = try await store.webhookEndpoints(tenant: context.tenant.id)
            let layout = layout(context.signedIn, title: "Webhooks", section: .webhooks)
            return html(
                pages.render(ConsoleWebhooksPage(layout: layout, endpoints: endpoints, form: form, problem: problem)),
                status: .badRequest)
        }
    }

    private func webhookPage(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        try await endpointPage(try await existingEndpoint(context), context, notice: Self.notice(request))
    }

    private func testWebhook(_ context: ConsoleRequestContext) async throws -> Response {
        let endpoint = try await existingEndpoint(context)
        _ = try await editor.sendTest(to: endpoint)
        return redirect("/admin/webhooks/\(endpoint.id)?done=test-queued")
    }

    private func rotateSecret(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let endpoint = try await existingEndpoint(context)
        let secret = try await editor.rotateSecret(of: endpoint)
        await recordChange(
            .webhookSecretRotated, target: "webhook:" + endpoint.id,
            changes: [AuditChange(field: "secret", before: AuditChange.secret, after: AuditChange.secret)], request,
            context)
        return try await endpointPage(
            try await existingEndpoint(context), context, secret: secret,
            notice: "The secret is rotated: the previous one keeps signing beside it for 24 hours.")
    }

    private func setEnabled(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let endpoint = try await existingEndpoint(context)
        let changed = try await editor.update(
            endpoint, by: WebhookEndpointRequest(enabled: context.form["enabled"] != nil))
        let changes = AuditChange.between(
            AuditChange.fields(of: WebhookJSON.node(endpoint)), AuditChange.fields(of: WebhookJSON.node(changed)))
        if !changes.isEmpty {
            await recordChange(.webhookUpdated, target: "webhook:" + endpoint.id, changes: changes, request, context)
        }
        return redirect("/admin/webhooks/\(endpoint.id)?done=endpoint-changed")
    }

    private func deleteWebhook(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let endpoint = try await existingEndpoint(context)
        guard try await store.deleteWebhookEndpoint(tenant: context.tenant.id, id: endpoint.id) else {
            throw WebhookEndpointEditor.notFound(endpoint.id)
        }
        await recordChange(
            .webhookDeleted, target: "webhook:" + endpoint.id,
            changes: AuditChange.between(AuditChange.fields(of: WebhookJSON.node(endpoint)), []), request, context)
        return redirect("/admin/webhooks?done=endpoint-deleted")
    }

    private func endpointPage(
        _ endpoint: WebhookEndpoint, _ context: ConsoleRequestContext, secret: String? = nil, notice: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let attempts = try await store.webhookAttempts(tenant: endpoint.tenant, endpointID: endpoint.id, limit: 50)
        let layout = layout(context.signedIn, title: "Webhook endpoint", notice: notice, section: .webhooks)
        return html(
            pages.render(ConsoleWebhookPage(layout: layout, endpoint: endpoint, attempts: attempts, secret: secret)),
            status: status)
    }

    private func existingEndpoint(_ context: ConsoleRequestContext) async throws -> WebhookEndpoint {
        let id = context.parameters.get("id") ?? ""
        guard let endpoint = try await store.webhookEndpoint(tenant: context.tenant.id, id: id) else {
            throw WebhookEndpointEditor.notFound(id)
        }
        return endpoint
    }
}
