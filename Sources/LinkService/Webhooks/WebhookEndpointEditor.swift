import Foundation
import HTTPTypes
import LinkCore

/// The one way webhook endpoints are made and changed: the API and the console both call it, so
/// neither can store what the other refuses. Every refusal is a `400` problem naming the field,
/// and nothing is stored then.
package struct WebhookEndpointEditor: Sendable {
    package let store: any LinkStore
    package let settings: WebhookSettings
    package let clock: ServiceClock

    /// An editor of `store`'s endpoints under `settings`.
    package init(store: any LinkStore, settings: WebhookSettings, clock: ServiceClock) {
        self.store = store
        self.settings = settings
        self.clock = clock
    }

    private var policy: WebhookURLPolicy { WebhookURLPolicy(allowPrivate: settings.allowPrivate) }

    /// Checks and stores a new endpoint with a new secret.
    package func create(_ request: WebhookEndpointRequest, tenant: String) async throws -> WebhookEndpoint {
        try Self.check(description: request.description)
        let url = try await checkedURL(request.url ?? "")
        let now = clock.now().truncatedToMilliseconds
        let endpoint = WebhookEndpoint(
            id: "wh_" + RandomText.make(length: 22, from: RandomText.lettersAndDigits), tenant: tenant, url: url,
            events: request.events ?? [], description: request.description ?? "", secret: WebhookSecret.make(),
            createdAt: now, updatedAt: now)
        guard try await store.insertWebhookEndpoint(endpoint, limit: settings.endpointLimit) else {
            throw Problem.invalidField(
                "$",
                "\(tenant) has \(settings.endpointLimit) webhook endpoints already, the most a tenant may have; delete one or change one's events",
                code: .tooManyEndpoints)
        }
        return endpoint
    }

    /// Checks and stores a change of `endpoint`.
    package func update(_ endpoint: WebhookEndpoint, by request: WebhookEndpointRequest) async throws -> WebhookEndpoint
    {
        try Self.check(description: request.description)
        var changed = endpoint
        if let url = request.url { changed.url = try await checkedURL(url) }
        if let events = request.events { changed.events = events }
        if let description = request.description { changed.description = description }
        if let enabled = request.enabled {
            changed.enabled = enabled
            // Enabling again starts afresh: no pause left over from before.
            if enabled { changed.pausedUntil = nil }
        }
        changed.updatedAt = clock.now().truncatedToMilliseconds
        guard try await store.updateWebhookEndpoint(changed) else { throw Self.notFound(endpoint.id) }
        return changed
    }

    /// Gives `endpoint` a new secret; the current one keeps signing beside it for
    /// `WebhookSettings/rotationOverlap`. Answers the new secret.
    package func rotateSecret(of endpoint: WebhookEndpoint) async throws -> String {
        var changed = endpoint
        let now = clock.now().truncatedToMilliseconds
        changed.previousSecret = endpoint.secret
        changed.previousSecretExpiresAt = now.addingTimeInterval(settings.rotationOverlap.timeInterval)
        changed.secret = WebhookSecret.make()
        changed.updatedAt = now
        guard try await store.updateWebhookEndpoint(changed) else { throw Self.notFound(endpoint.id) }
        return changed.secret
    }

    /// Queues a `webhook.test` event for `endpoint`; answers its id.
    package func sendTest(to endpoint: WebhookEndpoint) async throws -> String {
        guard endpoint.enabled else {
            throw Problem(
                .conflict, .endpointDisabled, title: "The endpoint is disabled",
                detail: "\(endpoint.id) is disabled; enable it (\"enabled\": true) before sending it a test event",
                field: "enabled")
        }
        let event = WebhookPayload.testEvent(tenant: endpoint.tenant, endpointID: endpoint.id, at: clock.now())
        try await store.enqueueWebhookEvent(event, endpointID: endpoint.id)
        return event.id
    }

    /// `url` when it may be an endpoint's URL, else the `400` that says why.
    private func checkedURL(_ url: String) async throws(Problem) -> String {
        if let problem = await policy.problem(url) {
            throw Problem.invalidField("url", problem, code: .invalidWebhookURL)
        }
        return url
    }

    private static func check(description: String?) throws(Problem) {
        if let description, description.utf8.count > WebhookEndpointRequest.maximumDescriptionLength {
            throw Problem.invalidField(
                "description", "description is longer than \(WebhookEndpointRequest.maximumDescriptionLength) bytes",
                code: .tooLong)
        }
    }

    package static func notFound(_ id: String) -> Problem {
        Problem.notFound("no webhook endpoint \"\(id.prefix(100))\"", field: "id")
    }
}
