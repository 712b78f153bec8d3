import Foundation

/// Where domains' health (``DomainHealth``) is kept, so every instance and a restart see the
/// last check's outcome.
package protocol DomainHealthRecords: Sendable {
    /// The last recorded health of a tenant's domains, by domain name; every tenant's when
    /// `tenant` is `nil`.
    func domainHealth(tenant: String?) async throws -> [DomainHealth]
    /// Stores `health` in place of the domain's last, and queues `event` (the
    /// `domain.health_changed` webhook) in the same transaction when given.
    func recordDomainHealth(_ health: DomainHealth, event: WebhookEvent?) async throws
    /// Forgets the health of every domain not in `domains` (removed ones); answers how many.
    func pruneDomainHealth(keeping domains: Set<String>) async throws -> Int
}
