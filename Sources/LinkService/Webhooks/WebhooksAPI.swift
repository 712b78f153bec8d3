import DeepLinkRouting
import Hummingbird
import LinkCore
import LinkStorage
import Logging

/// `/api/v1/webhooks`: a tenant's webhook endpoints (create, list, read, change, delete), their
/// secrets' rotation, test events and delivery logs. Every call needs the tenant's key; another
/// tenant's endpoint is `404`, as if it did not exist.
package struct WebhooksAPI: Sendable {
    package let tenants: TenantDirectory
    package let store: CachingLinkStore
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    package let settings: WebhookSettings
    package let clock: ServiceClock
    package let logger: Logger
    /// Where changes are recorded (never a secret: a rotation records that it happened).
    package let audit: AuditLog

    private var editor: WebhookEndpointEditor {
        WebhookEndpointEditor(store: store, settings: settings, clock: clock)
    }

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let webhooks = router.group("/api/v1/webhooks")
            .add(
                middleware: BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit)
            )
            .requiring(.changeWebhooks)
        webhooks.post { request, context in try await create(request, context) }
        webhooks.get { _, context in try await list(context) }
        webhooks.get("/:id") { _, context in Response.json(WebhookJSON.node(try await existing(context))) }
        webhooks.patch("/:id") { request, context in try await update(request, context) }
        webhooks.delete("/:id") { request, context in try await delete(request, context) }
        webhooks.post("/:id/rotate-secret") { request, context in try await rotate(request, context) }
        webhooks.post("/:id/test") { _, context in try await test(context) }
        webhooks.get("/:id/deliveries") { request, context in try await deliveries(request, context) }
    }

    private func create(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let body = try await request.collectBody(upTo: maxBodySize)
        let parsed = try WebhookEndpointRequest(body: body.readableBytesView, creating: true)
        let endpoint = try await editor.create(parsed, tenant: context.tenant.id)
        await audit.record(
            .webhookCreated, target: "webhook:" + endpoint.id,
            changes: AuditChange.between([], AuditChange.fields(of: WebhookJSON.node(endpoint))), request: request,
            context: context)
        logger.info(
            "webhook endpoint created",
            metadata: ["tenant": "\(endpoint.tenant)", "id": "\(endpoint.id)", "url": "\(endpoint.url)"])
        var response = Response.json(WebhookJSON.node(endpoint, secret: endpoint.secret), status: .created)
        response.headers[.location] = "/api/v1/webhooks/\(endpoint.id)"
        return response
    }

    private func list(_ context: APIRequestContext) async throws -> Response {
        let endpoints = try await store.webhookEndpoints(tenant: context.tenant.id)
        return .json(.object(["webhooks": JSONNode(.array(endpoints.map { WebhookJSON.node($0) }))]))
    }

    private func update(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let endpoint = try await existing(context)
        let body = try await request.collectBody(upTo: maxBodySize)
        let parsed = try WebhookEndpointRequest(body: body.readableBytesView, creating: false)
        let changed = try await editor.update(endpoint, by: parsed)
        let changes = AuditChange.between(
            AuditChange.fields(of: WebhookJSON.node(endpoint)), AuditChange.fields(of: WebhookJSON.node(changed)))
        if !changes.isEmpty {
            await audit.record(
                .webhookUpdated, target: "webhook:" + endpoint.id, changes: changes, request: request,
                context: context)
        }
        return .json(WebhookJSON.node(changed))
    }

    private func delete(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let id = context.parameters.get("id") ?? ""
        let before = try await store.webhookEndpoint(tenant: context.tenant.id, id: id)
        guard try await store.deleteWebhookEndpoint(tenant: context.tenant.id, id: id) else {
            throw WebhookEndpointEditor.notFound(id)
        }
        await audit.record(
            .webhookDeleted, target: "webhook:" + id,
            changes: AuditChange.between(AuditChange.fields(of: before.map { WebhookJSON.node($0) }), []),
            request: request, context: context)
        return Response(status: .noContent)
    }

    private func rotate(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let endpoint = try await existing(context)
        let secret = try await editor.rotateSecret(of: endpoint)
        await audit.record(
            .webhookSecretRotated, target: "webhook:" + endpoint.id,
            changes: [AuditChange(field: "secret", before: AuditChange.secret, after: AuditChange.secret)],
            request: request, context: context)
        return .json(.object(["secret": JSONNode(.string(secret))]))
    }

    private func test(_ context: APIRequestContext) async throws -> Response {
        let id = try await editor.sendTest(to: try await existing(context))
        return .json(.object(["eventId": JSONNode(.string(id))]), status: .accepted)
    }

    private func deliveries(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let endpoint = try await existing(context)
        var limit = 50
        if let text = request.uri.queryParameters.get("limit") {
            guard let value = Int(text), (1...200).contains(value) else {
                throw Problem.invalidField("limit", "limit must be a whole number from 1 to 200, not \"\(text)\"")
            }
            limit = value
        }
        let attempts = try await store.webhookAttempts(tenant: endpoint.tenant, endpointID: endpoint.id, limit: limit)
        return .json(.object(["deliveries": JSONNode(.array(attempts.map(WebhookJSON.node)))]))
    }

    /// The key's tenant's endpoint named by the path; `404` when it has none (another tenant's too).
    private func existing(_ context: APIRequestContext) async throws -> WebhookEndpoint {
        let id = context.parameters.get("id") ?? ""
        guard let endpoint = try await store.webhookEndpoint(tenant: context.tenant.id, id: id) else {
            throw WebhookEndpointEditor.notFound(id)
        }
        return endpoint
    }
}
