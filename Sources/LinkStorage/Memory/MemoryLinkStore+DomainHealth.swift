import Foundation
import LinkCore

extension MemoryLinkStore {
    package func domainHealth(tenant: String?) async throws -> [DomainHealth] {
        domainHealth.values.filter { tenant == nil || $0.tenant == tenant }.sorted { $0.domain < $1.domain }
    }

    package func recordDomainHealth(_ health: DomainHealth, event: WebhookEvent?) async throws {
        var stored = health
        stored.since = stored.since.truncatedToMilliseconds
        stored.checkedAt = stored.checkedAt.truncatedToMilliseconds
        domainHealth[health.domain] = stored
        if let event { _ = webhooks.enqueue(Self.stored(event)) }
    }

    package func pruneDomainHealth(keeping domains: Set<String>) async throws -> Int {
        let gone = domainHealth.keys.filter { !domains.contains($0) }
        for domain in gone { domainHealth[domain] = nil }
        return gone.count
    }
}
