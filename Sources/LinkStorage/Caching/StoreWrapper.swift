import Foundation
import LinkCore

/// A store in front of another that changes how some concerns are kept (``CachingLinkStore``:
/// links) and hands every other call to the store behind it as it is: those forwards are written
/// here once, so a wrapper says only what it changes.
package protocol StoreWrapper: LinkStore, ClickCounting {
    /// The store behind this one.
    var base: any LinkStore { get }
}

extension StoreWrapper {
    package func migrate() async throws { try await base.migrate() }

    package func close() async throws { try await base.close() }

    package func insertAPIKey(_ key: APIKeyRecord) async throws { try await base.insertAPIKey(key) }

    package func apiKey(hash: String) async throws -> APIKeyRecord? { try await base.apiKey(hash: hash) }

    package func apiKeys(tenant: String?) async throws -> [APIKeyRecord] { try await base.apiKeys(tenant: tenant) }

    package func appendAudit(_ entry: AuditEntry) async throws { try await base.appendAudit(entry) }

    package func auditEntries(tenant: String, query: AuditQuery, before: Int?, limit: Int) async throws
        -> [AuditEntry]
    {
        try await base.auditEntries(tenant: tenant, query: query, before: before, limit: limit)
    }

    package func pruneAudit(before date: Date) async throws -> Int { try await base.pruneAudit(before: date) }

    package func exportClicks(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<StoredClick, Int>
    {
        try await base.exportClicks(tenant: tenant, since: since, until: until, after: after, limit: limit)
    }

    package func exportEvents(tenant: String, since: Date?, until: Date?, after: EventCursor?, limit: Int)
        async throws -> ExportPage<AppEvent, EventCursor>
    {
        try await base.exportEvents(tenant: tenant, since: since, until: until, after: after, limit: limit)
    }

    package func exportAudit(tenant: String, since: Date?, until: Date?, after: Int?, limit: Int) async throws
        -> ExportPage<AuditEntry, Int>
    {
        try await base.exportAudit(tenant: tenant, since: since, until: until, after: after, limit: limit)
    }

    package func touchAPIKey(hash: String, at date: Date) async throws {
        try await base.touchAPIKey(hash: hash, at: date)
    }

    package func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int {
        try await base.revokeAPIKeys(prefix: prefix, at: date)
    }

    package func insertClicks(_ clicks: [Click], clickEventLimit: Int) async throws -> ClickBatchOutcome {
        try await base.insertClicks(clicks, clickEventLimit: clickEventLimit)
    }

    package func stats(tenant: String, linkID: String) async throws -> LinkStats {
        try await base.stats(tenant: tenant, linkID: linkID)
    }

    package func inAppClicks(tenant: String, linkID: String) async throws -> [String: Int] {
        try await base.inAppClicks(tenant: tenant, linkID: linkID)
    }

    package func click(tenant: String, id: ClickID) async throws -> ClickReference? {
        try await base.click(tenant: tenant, id: id)
    }

    package func insertEvents(_ events: [AppEvent]) async throws { try await base.insertEvents(events) }

    package func event(tenant: String, dedupeKey: String) async throws -> AppEvent? {
        try await base.event(tenant: tenant, dedupeKey: dedupeKey)
    }

    package func eventTotals(tenant: String, linkID: String) async throws -> [String: EventTotals] {
        try await base.eventTotals(tenant: tenant, linkID: linkID)
    }

    package func funnel(tenant: String, linkID: String?, from: String?, to: String?) async throws -> AppFunnel {
        try await base.funnel(tenant: tenant, linkID: linkID, from: from, to: to)
    }

    package func funnelSteps(tenant: String, linkID: String?, from: String?, to: String?) async throws -> FunnelSteps {
        try await base.funnelSteps(tenant: tenant, linkID: linkID, from: from, to: to)
    }

    package func clickCount(tenant: String) async throws -> Int { try await base.clickCount(tenant: tenant) }

    package func claimSecrets() async throws -> [ClaimSecret] { try await base.claimSecrets() }

    package func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool {
        try await base.insertClaimSecret(secret)
    }

    package func recordClaim(_ claim: DeferredClaim) async throws -> Bool { try await base.recordClaim(claim) }

    package func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        try await base.deferredFunnel(tenant: tenant, linkID: linkID)
    }

    package func insertSession(_ session: ConsoleSession) async throws { try await base.insertSession(session) }

    package func session(idHash: String) async throws -> ConsoleSession? { try await base.session(idHash: idHash) }

    package func touchSession(idHash: String, at date: Date) async throws {
        try await base.touchSession(idHash: idHash, at: date)
    }

    package func deleteSession(idHash: String) async throws -> Bool { try await base.deleteSession(idHash: idHash) }

    package func deleteSessions(lastUsedBefore date: Date) async throws -> Int {
        try await base.deleteSessions(lastUsedBefore: date)
    }

    package func insertWebhookEndpoint(_ endpoint: WebhookEndpoint, limit: Int) async throws -> Bool {
        try await base.insertWebhookEndpoint(endpoint, limit: limit)
    }

    package func webhookEndpoints(tenant: String) async throws -> [WebhookEndpoint] {
        try await base.webhookEndpoints(tenant: tenant)
    }

    package func webhookEndpoint(tenant: String, id: String) async throws -> WebhookEndpoint? {
        try await base.webhookEndpoint(tenant: tenant, id: id)
    }

    package func updateWebhookEndpoint(_ endpoint: WebhookEndpoint) async throws -> Bool {
        try await base.updateWebhookEndpoint(endpoint)
    }

    package func deleteWebhookEndpoint(tenant: String, id: String) async throws -> Bool {
        try await base.deleteWebhookEndpoint(tenant: tenant, id: id)
    }

    package func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String?) async throws -> Int {
        try await base.enqueueWebhookEvent(event, endpointID: endpointID)
    }

    package func claimWebhookMessages(owner: String, now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookMessage]
    {
        try await base.claimWebhookMessages(owner: owner, now: now, leaseUntil: leaseUntil, limit: limit)
    }

    package func recordWebhookAttempts(
        _ records: [WebhookAttemptRecord], releasing unsent: [WebhookMessage], owner: String
    )
        async throws
    {
        try await base.recordWebhookAttempts(records, releasing: unsent, owner: owner)
    }

    package func webhookAttempts(tenant: String, endpointID: String, limit: Int) async throws -> [WebhookAttempt] {
        try await base.webhookAttempts(tenant: tenant, endpointID: endpointID, limit: limit)
    }

    package func pruneWebhookRecords(before date: Date) async throws -> Int {
        try await base.pruneWebhookRecords(before: date)
    }

    package func pendingWebhookMessages(clicksOnly: Bool) async throws -> Int {
        try await base.pendingWebhookMessages(clicksOnly: clicksOnly)
    }

    package func insertDomain(_ domain: RuntimeDomain) async throws -> Bool { try await base.insertDomain(domain) }

    package func domain(named name: String) async throws -> RuntimeDomain? { try await base.domain(named: name) }

    package func domains(tenant: String?) async throws -> [RuntimeDomain] { try await base.domains(tenant: tenant) }

    package func updateDomain(_ domain: RuntimeDomain) async throws -> Bool { try await base.updateDomain(domain) }

    package func deleteDomain(named name: String, tenant: String) async throws -> Bool {
        try await base.deleteDomain(named: name, tenant: tenant)
    }

    package func linkCount(tenant: String, domain: String) async throws -> Int {
        try await base.linkCount(tenant: tenant, domain: domain)
    }

    package func moveLinks(tenant: String, from domain: String, to newDomain: String) async throws -> Int {
        try await base.moveLinks(tenant: tenant, from: domain, to: newDomain)
    }

    package func domainHealth(tenant: String?) async throws -> [DomainHealth] {
        try await base.domainHealth(tenant: tenant)
    }

    package func recordDomainHealth(_ health: DomainHealth, event: WebhookEvent?) async throws {
        try await base.recordDomainHealth(health, event: event)
    }

    package func pruneDomainHealth(keeping domains: Set<String>) async throws -> Int {
        try await base.pruneDomainHealth(keeping: domains)
    }

    package func insertPerson(_ person: Person) async throws -> Bool { try await base.insertPerson(person) }

    package func person(id: String) async throws -> Person? { try await base.person(id: id) }

    package func person(email: String) async throws -> Person? { try await base.person(email: email) }

    package func updatePerson(_ person: Person) async throws -> Bool { try await base.updatePerson(person) }
    package func useOneTimeCodeStep(personID: String, step: Int) async throws -> Bool {
        try await base.useOneTimeCodeStep(personID: personID, step: step)
    }

    package func hasPeople() async throws -> Bool { try await base.hasPeople() }

    package func setMembership(_ membership: Membership) async throws { try await base.setMembership(membership) }

    package func memberships(personID: String) async throws -> [Membership] {
        try await base.memberships(personID: personID)
    }

    package func memberships(tenant: String) async throws -> [Membership] {
        try await base.memberships(tenant: tenant)
    }

    package func deleteMembership(personID: String, tenant: String) async throws -> Bool {
        try await base.deleteMembership(personID: personID, tenant: tenant)
    }

    package func changeMembership(personID: String, tenant: String, to role: Role?) async throws -> MembershipChange {
        try await base.changeMembership(personID: personID, tenant: tenant, to: role)
    }

    package func insertInvitation(_ invitation: Invitation, event: WebhookEvent?) async throws {
        try await base.insertInvitation(invitation, event: event)
    }

    package func invitation(tokenHash: String) async throws -> Invitation? {
        try await base.invitation(tokenHash: tokenHash)
    }

    package func useInvitation(tokenHash: String, at date: Date) async throws -> Invitation? {
        try await base.useInvitation(tokenHash: tokenHash, at: date)
    }
}
