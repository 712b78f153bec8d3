import Foundation
import LinkCore

/// The memory store's webhooks: what the SQL stores keep in `webhook_endpoints`,
/// `webhook_messages` and `webhook_attempts`.
package struct MemoryWebhooks: Sendable {
    /// One outbox row.
    package struct Entry: Sendable {
        package var message: WebhookMessage
        package var orderKey: String?
        package var delivered = false
        package var failed = false
        package var nextAttemptAt: Date
        package var leaseOwner: String?
        package var leaseUntil: Date?
        package var finishedAt: Date?

        package var isPending: Bool { !delivered && !failed }
    }

    /// Oldest first.
    package var endpoints: [WebhookEndpoint] = []
    /// In `seq` order.
    package var entries: [Entry] = []
    package var nextSeq = 1
    /// Oldest first.
    package var attempts: [WebhookAttempt] = []

    /// Queues `event` as the SQL stores' `enqueue` does; returns how many.
    @discardableResult
    package mutating func enqueue(_ event: WebhookEvent, endpointID: String? = nil) -> Int {
        let targets = endpoints.filter { endpoint in
            guard endpoint.enabled, endpoint.tenant == event.tenant else { return false }
            if let endpointID { return endpoint.id == endpointID }
            return endpoint.events.contains(event.type)
        }
        for endpoint in targets { append(event, to: endpoint.id) }
        return targets.count
    }

    package mutating func append(_ event: WebhookEvent, to endpointID: String) {
        entries.append(
            Entry(
                message: WebhookMessage(
                    seq: nextSeq, id: event.id, endpointID: endpointID, tenant: event.tenant, type: event.type,
                    payload: event.payload, createdAt: event.createdAt),
                orderKey: event.orderKey, nextAttemptAt: event.createdAt))
        nextSeq += 1
    }
}

extension MemoryLinkStore {
    package func insertWebhookEndpoint(_ endpoint: WebhookEndpoint, limit: Int) async throws -> Bool {
        guard webhooks.endpoints.count(where: { $0.tenant == endpoint.tenant }) < limit else { return false }
        guard !webhooks.endpoints.contains(where: { $0.id == endpoint.id }) else {
            throw LinkStoreError.database("a webhook endpoint with id \(endpoint.id) exists already")
        }
        webhooks.endpoints.append(Self.stored(endpoint))
        return true
    }

    package func webhookEndpoints(tenant: String) async throws -> [WebhookEndpoint] {
        webhooks.endpoints.filter { $0.tenant == tenant }
    }

    package func webhookEndpoint(tenant: String, id: String) async throws -> WebhookEndpoint? {
        webhooks.endpoints.first { $0.tenant == tenant && $0.id == id }
    }

    package func updateWebhookEndpoint(_ endpoint: WebhookEndpoint) async throws -> Bool {
        guard let index = webhooks.endpoints.firstIndex(where: { $0.tenant == endpoint.tenant && $0.id == endpoint.id })
        else { return false }
        webhooks.endpoints[index] = Self.stored(endpoint)
        return true
    }

    package func deleteWebhookEndpoint(tenant: String, id: String) async throws -> Bool {
        guard let index = webhooks.endpoints.firstIndex(where: { $0.tenant == tenant && $0.id == id }) else {
            return false
        }
        webhooks.endpoints.remove(at: index)
        webhooks.entries.removeAll { $0.message.endpointID == id }
        webhooks.attempts.removeAll { $0.endpointID == id }
        return true
    }

    package func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String?) async throws -> Int {
        webhooks.enqueue(Self.stored(event), endpointID: endpointID)
    }

    package func claimWebhookMessages(owner: String, now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookMessage]
    {
        let ready = Set(
            webhooks.endpoints.filter { $0.enabled && ($0.pausedUntil.map { $0 <= now } ?? true) }.map(\.id))
        var blocked: Set<[String]> = []
        var due: [Int] = []
        for index in webhooks.entries.indices {
            let entry = webhooks.entries[index]
            guard entry.isPending else { continue }
            let key = entry.orderKey.map { [entry.message.endpointID, $0] }
            // An earlier pending message of the same link and endpoint goes first.
            if let key {
                guard blocked.insert(key).inserted else { continue }
            }
            guard ready.contains(entry.message.endpointID), entry.nextAttemptAt <= now,
                entry.leaseUntil.map({ $0 <= now }) ?? true
            else { continue }
            due.append(index)
        }
        // Earliest due first, then in the order written: the SQL stores' index order.
        due.sort {
            let (a, b) = (webhooks.entries[$0], webhooks.entries[$1])
            return (a.nextAttemptAt, a.message.seq) < (b.nextAttemptAt, b.message.seq)
        }
        var claimed: [WebhookMessage] = []
        for index in due.prefix(max(1, limit)) {
            webhooks.entries[index].leaseOwner = owner
            webhooks.entries[index].leaseUntil = leaseUntil.truncatedToMilliseconds
            claimed.append(webhooks.entries[index].message)
        }
        return claimed.sorted { $0.seq < $1.seq }
    }

    package func recordWebhookAttempts(
        _ records: [WebhookAttemptRecord], releasing unsent: [WebhookMessage], owner: String
    ) async throws {
        for record in records { apply(record, owner: owner) }
        let released = Set(unsent.map(\.seq))
        for index in webhooks.entries.indices
        where released.contains(webhooks.entries[index].message.seq) && webhooks.entries[index].leaseOwner == owner
            && webhooks.entries[index].isPending
        {
            webhooks.entries[index].leaseOwner = nil
            webhooks.entries[index].leaseUntil = nil
        }
    }

    private func apply(_ record: WebhookAttemptRecord, owner: String) {
        let (message, retryAt, pauseEndpointUntil) = (record.message, record.retryAt, record.pauseEndpointUntil)
        guard
            let index = webhooks.entries.firstIndex(where: {
                $0.message.seq == message.seq && $0.leaseOwner == owner && $0.isPending
            })
        else { return }
        let attempt = Self.stored(record.attempt)
        var entry = webhooks.entries[index]
        entry.message.attempts = attempt.attempt
        entry.leaseOwner = nil
        entry.leaseUntil = nil
        switch attempt.outcome {
        case .delivered:
            entry.delivered = true
            entry.finishedAt = attempt.at
        case .failed:
            entry.failed = true
            entry.finishedAt = attempt.at
        case .retrying, .disabled:
            entry.nextAttemptAt = (retryAt ?? attempt.at).truncatedToMilliseconds
        }
        webhooks.entries[index] = entry
        webhooks.attempts.append(attempt)
        if let endpoint = webhooks.endpoints.firstIndex(where: { $0.id == message.endpointID }) {
            if attempt.outcome == .disabled {
                webhooks.endpoints[endpoint].enabled = false
                webhooks.endpoints[endpoint].updatedAt = attempt.at
            }
            if let pause = pauseEndpointUntil?.truncatedToMilliseconds {
                webhooks.endpoints[endpoint].pausedUntil = max(webhooks.endpoints[endpoint].pausedUntil ?? pause, pause)
            }
        }
    }

    package func webhookAttempts(tenant: String, endpointID: String, limit: Int) async throws -> [WebhookAttempt] {
        Array(
            webhooks.attempts.reversed().lazy.filter { $0.tenant == tenant && $0.endpointID == endpointID }
                .prefix(max(1, limit)))
    }

    package func pruneWebhookRecords(before date: Date) async throws -> Int {
        webhooks.attempts.removeAll { $0.at < date }
        let before = webhooks.entries.count
        webhooks.entries.removeAll { !$0.isPending && ($0.finishedAt.map { $0 < date } ?? false) }
        return before - webhooks.entries.count
    }

    package func pendingWebhookMessages(clicksOnly: Bool) async throws -> Int {
        webhooks.entries.count { $0.isPending && (!clicksOnly || $0.message.type == .linkClicked) }
    }

    /// Queues `link.clicked` messages for `clicks` as the SQL stores do, within `limit`.
    package func enqueueClickEvents(_ clicks: [Click], limit: Int) -> ClickBatchOutcome {
        var outcome = ClickBatchOutcome()
        let subscribers = webhooks.endpoints.filter { $0.receives(.linkClicked) }
        guard !subscribers.isEmpty else { return outcome }
        var room = max(0, limit - webhooks.entries.count { $0.isPending && $0.message.type == .linkClicked })
        let ids = Set(clicks.compactMap(\.linkID))
        var links: [String: Link] = [:]
        for row in rows.values where ids.contains(row.link.id) { links[row.link.id] = row.link }
        var events = WebhookPayload.ClickEvents()
        for click in clicks {
            guard let id = click.linkID, let link = links[id], link.tenant == click.tenant
            else { continue }
            let endpoints = subscribers.filter { $0.tenant == click.tenant }
            guard !endpoints.isEmpty else { continue }
            let event = Self.stored(events.event(click, of: link))
            for endpoint in endpoints {
                if room > 0 {
                    webhooks.append(event, to: endpoint.id)
                    room -= 1
                    outcome.queuedClickEvents += 1
                } else {
                    outcome.droppedClickEvents += 1
                }
            }
        }
        return outcome
    }

    /// What the databases keep of an endpoint: dates to the millisecond.
    package static func stored(_ endpoint: WebhookEndpoint) -> WebhookEndpoint {
        var endpoint = endpoint
        endpoint.createdAt = endpoint.createdAt.truncatedToMilliseconds
        endpoint.updatedAt = endpoint.updatedAt.truncatedToMilliseconds
        endpoint.previousSecretExpiresAt = endpoint.previousSecretExpiresAt?.truncatedToMilliseconds
        endpoint.pausedUntil = endpoint.pausedUntil?.truncatedToMilliseconds
        return endpoint
    }

    package static func stored(_ event: WebhookEvent) -> WebhookEvent {
        var event = event
        event.createdAt = event.createdAt.truncatedToMilliseconds
        return event
    }

    package static func stored(_ attempt: WebhookAttempt) -> WebhookAttempt {
        var attempt = attempt
        attempt.at = attempt.at.truncatedToMilliseconds
        return attempt
    }
}
