import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkDelivery
import LinkStorage
import Logging
import NIOCore

/// `POST /api/v1/events`: an app (or the team's server) reports what happened after a click —
/// one event object, or `{"events": [ … ]}` with up to ``EventBody/maximumEvents``.
///
/// Each event is attributed to the click it names (`clickId`), else to the click of the claim
/// token it names (`claimToken`), else to none (stored, `"attributed": false`), and only when the
/// click is within the tenant's attribution window before the event; never by matching devices.
/// A click id or token of another tenant is as unknown as a made-up one. An event whose
/// `dedupeKey` the tenant sent before gets the first one's answer and is not stored again.
///
/// Nothing is written here: accepted events go to the event buffer, which the flusher writes in
/// batches (as clicks). When the buffer cannot take them all (the database has been slow or down
/// for a while), none are taken: `503` `event-buffer-full` with `Retry-After`. Answers `202`
/// `{"events": [{"id", "name", "attributed", "clickId"?, "linkId"?}]}` (a single event: that
/// object alone), `400` naming the first field at fault.
package struct EventsAPI: Sendable {
    package let store: CachingLinkStore
    package let tenants: TenantDirectory
    package let clicks: ClickBuffer
    package let events: BatchBuffer<AppEvent>
    package let recent: RecentEvents
    package let deferred: DeferredLinks
    package let authenticator: APIKeyAuthenticator
    package let publicLimit: PublicRateLimit
    package let clock: ServiceClock
    package let logger: Logger

    /// The largest body: a full batch of events with long fields.
    package static let maximumBodySize = 2 << 20

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        // Server keys with `events:write`, and app keys (`app`).
        router.group("/api/v1/events")
            .add(middleware: BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit))
            .requiring(.sendEvents)
            .post { request, context in try await post(request, context) }
    }

    package func post(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let body = try await request.collectBody(upTo: Self.maximumBodySize)
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: 8).parse(body.readableBytesView)
        } catch {
            throw FieldError.malformedJSON(error)
        }
        let now = clock.now()
        let inputs = try EventBody.events(in: node, now: now)
        let tenant = context.tenant
        let isBatch = node["events"] != nil
        var answers: [JSONNode] = []
        answers.reserveCapacity(inputs.count)
        // Dedupe keys within this call: the first event of a key stands for the rest.
        var accepted: [String: AppEvent] = [:]
        // Clicks looked up in this call: a batch's events mostly name the same few clicks.
        var clicksFound: [ClickID: ClickReference?] = [:]
        var fresh: [AppEvent] = []
        fresh.reserveCapacity(inputs.count)
        for (index, input) in inputs.enumerated() {
            if let key = input.dedupeKey {
                if let first = try await earlier(tenant: tenant.id, dedupeKey: key, in: accepted) {
                    answers.append(first.answer)
                    continue
                }
            }
            let event = try await attribute(
                input, tenant: tenant, now: now, path: isBatch ? "events[\(index)]." : "", clicks: &clicksFound)
            if let key = event.dedupeKey { accepted[key] = event }
            fresh.append(event)
            answers.append(event.answer)
        }
        // All or none: a `202` promises that every event of the call will be written.
        guard events.append(contentsOf: fresh) else {
            throw Problem(
                .serviceUnavailable, .eventBufferFull, title: "Too many events are waiting to be written",
                detail:
                    "the server holds as many unwritten events as it may (the database is slow or unreachable); none of this call's events were taken: send them again after Retry-After",
                retryAfter: 5)
        }
        for event in fresh { recent.remember(event) }
        let answer: JSONNode = isBatch ? .object(["events": JSONNode(.array(answers))]) : answers[0]
        return .json(answer, status: .accepted, headers: [.cacheControl: "no-store"])
    }

    /// The answer of an event sent before with this dedupe key: in this call, lately on this
    /// instance (perhaps not written yet), or in the store.
    private func earlier(tenant: String, dedupeKey: String, in accepted: [String: AppEvent]) async throws
        -> AppEvent?
    {
        if let event = accepted[dedupeKey] { return event }
        if let event = recent.event(tenant: tenant, dedupeKey: dedupeKey) { return event }
        return try await store.event(tenant: tenant, dedupeKey: dedupeKey)
    }

    /// The event with its click and link, when it names a click (or a token of one) of this
    /// tenant within the attribution window.
    private func attribute(
        _ input: EventInput, tenant: Tenant, now: Date, path: String, clicks found: inout [ClickID: ClickReference?]
    ) async throws -> AppEvent {
        let occurredAt = input.occurredAt ?? now
        var event = AppEvent(
            id: AppEvent.makeID(at: now), tenant: tenant.id, name: input.name, customerID: input.customerID,
            value: input.value, currency: input.currency, dedupeKey: input.dedupeKey,
            occurredAt: occurredAt.truncatedToMilliseconds, receivedAt: now.truncatedToMilliseconds)
        if let link = input.link {
            event.linkID = try await linkID(named: link, tenant: tenant, field: path + "link")
        }
        var candidates: [ClickReference] = []
        if let id = input.clickID {
            let click: ClickReference?
            if let known = found[id] {
                click = known
            } else {
                click = try await self.click(id, tenant: tenant.id)
                found[id] = click
            }
            if let click { candidates.append(click) }
        }
        if let text = input.claimToken,
            let token = try await deferred.verifiedToken(text, tenant: tenant.id, store: store)
        {
            candidates.append(
                ClickReference(
                    id: ClickID(nonce: token.nonce), linkID: token.linkID, time: token.issuedDate,
                    platform: token.platform ?? .other))
        }
        // The click must come before the event (a device's clock may run a little behind) and
        // within the window.
        let window = tenant.attributionWindow
        if let click = candidates.first(where: {
            $0.time.timeIntervalSince(occurredAt) <= EventBody.futureTolerance
                && occurredAt.timeIntervalSince($0.time) <= window
        }) {
            event.clickID = click.id
            event.platform = click.platform
            if let linkID = click.linkID { event.linkID = linkID }
        }
        return event
    }

    /// The tenant's click with this id: stored, or still waiting in the click buffer.
    private func click(_ id: ClickID, tenant: String) async throws -> ClickReference? {
        if let pending = clicks.newestPending(where: { $0.id == id && $0.tenant == tenant }) {
            return ClickReference(id: id, linkID: pending.linkID, time: pending.time, platform: pending.platform)
        }
        return try await store.click(tenant: tenant, id: id)
    }

    /// The id of the tenant's link named by a slug or a short URL on one of its domains.
    private func linkID(named text: String, tenant: Tenant, field: String) async throws -> String {
        var slug = Substring(text)
        if let url = WebURL(http: text) {
            guard tenant.domains.contains(url.host) else {
                throw FieldError(field, "\(url.host) is not a domain of \(tenant.id)")
            }
            slug = url.path.dropFirst()
        }
        guard SlugRules.isWellFormed(slug), let link = try await store.cachedLink(tenant: tenant.id, slug: String(slug))
        else {
            throw FieldError(field, "\(tenant.id) has no link \"\(text)\"; give its slug or short URL")
        }
        return link.id
    }
}
