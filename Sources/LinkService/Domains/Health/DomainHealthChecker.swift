import AssociatedDomains
import Foundation
import LinkCore
import Logging
import NIOCore
import NIOSSL

/// Checks every served domain, manifest and runtime ones alike: its AASA and assetlinks.json as
/// served (the `wayfinder check` rules, through ``HostingInspection``) and the copy Apple's CDN
/// holds. Records each domain's ``DomainHealth`` in the store, sets `/metrics`, and queues a
/// `domain.health_changed` webhook when a domain's health changes.
package struct DomainHealthChecker: Sendable {
    package let store: any LinkStore
    package let tenants: TenantDirectory
    package let settings: DomainSettings
    package let metrics: DomainHealthMetrics
    package let clock: ServiceClock
    package let logger: Logger
    /// Where a domain's files are fetched from: `https://<domain>`. Tests serve them on loopback.
    package var origin: @Sendable (String) -> String = { "https://\($0)" }
    /// The only roots TLS trusts, or `nil` for the system trust store.
    package var trustRoots: [NIOSSLCertificate]? = nil

    package init(
        store: any LinkStore, tenants: TenantDirectory, settings: DomainSettings, metrics: DomainHealthMetrics,
        clock: ServiceClock, logger: Logger
    ) {
        self.store = store
        self.tenants = tenants
        self.settings = settings
        self.metrics = metrics
        self.clock = clock
        self.logger = logger
    }

    /// The domains served now, each with its tenant; a wildcard domain (`*.example.com`) has no
    /// host of its own to check.
    package var servedDomains: [(domain: String, tenant: Tenant)] {
        tenants.all.flatMap { tenant in
            tenant.domains.filter { !$0.hasPrefix("*.") }.sorted().map { ($0, tenant) }
        }
    }

    /// Checks the served domains not checked within ``DomainSettings/healthInterval`` (by this
    /// instance or another), and forgets the health of domains no longer served. Answers the
    /// health recorded.
    @discardableResult
    package func checkDue() async throws -> [DomainHealth] {
        let now = clock.now()
        let interval = settings.healthInterval.timeInterval
        var previous: [String: DomainHealth] = [:]
        for health in try await store.domainHealth(tenant: nil) { previous[health.domain] = health }
        let served = servedDomains
        let due = served.filter { entry in
            previous[entry.domain].map { now.timeIntervalSince($0.checkedAt) >= interval } ?? true
        }
        var recorded: [DomainHealth] = []
        if !due.isEmpty {
            let fetcher = HostingFetcher(
                trustRoots: trustRoots, timeout: .seconds(10), userAgent: "wayfinder-health",
                timeoutAdvice: "the server answers too slowly")
            let inspection = HostingInspection(fetcher: fetcher, appleCDNBase: settings.appleCDNURL)
            do {
                for (domain, tenant) in due {
                    let (_, items) = await inspection.inspect(
                        host: domain, origin: origin(domain), manifest: tenant.manifest)
                    recorded.append(
                        try await record(items, domain: domain, tenant: tenant.id, previous: previous[domain]))
                }
            } catch {
                await fetcher.shutdown()
                throw error
            }
            await fetcher.shutdown()
        }
        for (domain, _) in served where !due.contains(where: { $0.domain == domain }) {
            if let health = previous[domain] { metrics.record(health) }
        }
        let names = Set(served.map(\.domain))
        _ = try await store.pruneDomainHealth(keeping: names)
        metrics.keep(names)
        return recorded
    }

    /// Stores what a check of `domain` found, with a `domain.health_changed` event when its
    /// health is not what it was (a first check that is not healthy counts as a change).
    private func record(
        _ items: [HostingCheckItem], domain: String, tenant: String, previous: DomainHealth?
    ) async throws -> DomainHealth {
        // As the store keeps it: a state's start read back compares equal.
        let now = clock.now().truncatedToMilliseconds
        let health = Self.health(of: items, domain: domain, tenant: tenant, at: now).following(previous)
        let changed = previous.map { $0.state != health.state } ?? (health.state != .healthy)
        let event = changed ? WebhookPayload.domainHealthEvent(health, previous: previous?.state) : nil
        try await store.recordDomainHealth(health, event: event)
        metrics.record(health)
        if changed {
            logger.notice(
                "domain health \(health.state.rawValue)",
                metadata: [
                    "tenant": "\(tenant)", "domain": "\(domain)",
                    "failing": "\(health.failures.map { "\($0.check):\($0.rule)" }.joined(separator: ","))",
                ])
        }
        return health
    }

    /// A domain's health from its checklist: failing when a file devices read (the AASA at
    /// `/.well-known/`, assetlinks.json) fails a rule or cannot be fetched, degraded when only
    /// Apple's CDN copy or the legacy root AASA does, healthy otherwise (warnings allowed).
    package static func health(of items: [HostingCheckItem], domain: String, tenant: String, at date: Date)
        -> DomainHealth
    {
        let failures = items.filter { $0.verdict == .fail || $0.verdict == .unchecked }.map { item in
            DomainHealthFailure(check: checkName(item.file), rule: item.rule.rawValue, detail: item.detail)
        }
        let state: DomainHealthState
        if failures.contains(where: { $0.check == "aasa" || $0.check == "assetlinks" }) {
            state = .failing
        } else if !failures.isEmpty {
            state = .degraded
        } else {
            state = .healthy
        }
        return DomainHealth(
            domain: domain, tenant: tenant, state: state, failures: failures, since: date, checkedAt: date)
    }

    /// The `check` a file's rules are reported under.
    package static func checkName(_ file: HostedFile) -> String {
        switch file {
        case .appleAppSiteAssociation: "aasa"
        case .rootAppleAppSiteAssociation: "aasa-root"
        case .assetLinks: "assetlinks"
        case .appleCDN: "apple-cdn"
        }
    }
}
