import Foundation

/// A store in front of another that changes how some concerns are kept (``CachingLinkStore``:
/// links) and hands every other call to the store behind it as it is: those forwards are written
/// here once, so a wrapper says only what it changes.
protocol StoreWrapper: LinkStore, ClickCounting {
    /// The store behind this one.
    var base: any LinkStore { get }
}

extension StoreWrapper {
    func migrate() async throws { try await base.migrate() }

    func close() async throws { try await base.close() }

    func insertAPIKey(_ key: APIKeyRecord) async throws { try await base.insertAPIKey(key) }

    func apiKey(hash: String) async throws -> APIKeyRecord? { try await base.apiKey(hash: hash) }

    func apiKeys(tenant: String?) async throws -> [APIKeyRecord] { try await base.apiKeys(tenant: tenant) }

    func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int {
        try await base.revokeAPIKeys(prefix: prefix, at: date)
    }

    func insertClicks(_ clicks: [Click], clickEventLimit: Int) async throws -> ClickBatchOutcome {
        try await base.insertClicks(clicks, clickEventLimit: clickEventLimit)
    }

    func stats(tenant: String, linkID: String) async throws -> LinkStats {
        try await base.stats(tenant: tenant, linkID: linkID)
    }

    package func clickCount(tenant: String) async throws -> Int { try await base.clickCount(tenant: tenant) }

    func claimSecrets() async throws -> [ClaimSecret] { try await base.claimSecrets() }

    func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool { try await base.insertClaimSecret(secret) }

    func recordClaim(_ claim: DeferredClaim) async throws -> Bool { try await base.recordClaim(claim) }

    func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        try await base.deferredFunnel(tenant: tenant, linkID: linkID)
    }

    func insertSession(_ session: ConsoleSession) async throws { try await base.insertSession(session) }

    func session(idHash: String) async throws -> ConsoleSession? { try await base.session(idHash: idHash) }

    func touchSession(idHash: String, at date: Date) async throws {
        try await base.touchSession(idHash: idHash, at: date)
    }

    func deleteSession(idHash: String) async throws -> Bool { try await base.deleteSession(idHash: idHash) }

    func deleteSessions(lastUsedBefore date: Date) async throws -> Int {
        try await base.deleteSessions(lastUsedBefore: date)
    }

    func insertWebhookEndpoint(_ endpoint: WebhookEndpoint, limit: Int) async throws -> Bool {
        try await base.insertWebhookEndpoint(endpoint, limit: limit)
    }

    func webhookEndpoints(tenant: String) async throws -> [WebhookEndpoint] {
        try await base.webhookEndpoints(tenant: tenant)
    }

    func webhookEndpoint(tenant: String, id: String) async throws -> WebhookEndpoint? {
        try await base.webhookEndpoint(tenant: tenant, id: id)
    }

    func updateWebhookEndpoint(_ endpoint: WebhookEndpoint) async throws -> Bool {
        try await base.updateWebhookEndpoint(endpoint)
    }

    func deleteWebhookEndpoint(tenant: String, id: String) async throws -> Bool {
        try await base.deleteWebhookEndpoint(tenant: tenant, id: id)
    }

    func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String?) async throws -> Int {
        try await base.enqueueWebhookEvent(event, endpointID: endpointID)
    }

    func claimWebhookMessages(owner: String, now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookMessage]
    {
        try await base.claimWebhookMessages(owner: owner, now: now, leaseUntil: leaseUntil, limit: limit)
    }

    func recordWebhookAttempts(_ records: [WebhookAttemptRecord], releasing unsent: [WebhookMessage], owner: String)
        async throws
    {
        try await base.recordWebhookAttempts(records, releasing: unsent, owner: owner)
    }

    func webhookAttempts(tenant: String, endpointID: String, limit: Int) async throws -> [WebhookAttempt] {
        try await base.webhookAttempts(tenant: tenant, endpointID: endpointID, limit: limit)
    }

    func pruneWebhookRecords(before date: Date) async throws -> Int {
        try await base.pruneWebhookRecords(before: date)
    }

    func pendingWebhookMessages(clicksOnly: Bool) async throws -> Int {
        try await base.pendingWebhookMessages(clicksOnly: clicksOnly)
    }
}
