import AssociatedDomains
import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import LinkStorage
import NIOCore
import Testing

/// Served domains' health, checked against real HTTP servers on loopback: one standing in for
/// the domains' origin, one for Apple's CDN.
@Suite("Domain health")
struct DomainHealthTests {
    static let aasa = "/.well-known/apple-app-site-association"
    static let rootAASA = "/apple-app-site-association"
    static let assetLinks = "/.well-known/assetlinks.json"

    /// Runs `body` with a storyteller service (SQLite file) whose health checks fetch every
    /// domain from `origin` and Apple's CDN copies from `cdn`, both serving storyteller's files.
    static func withServers(
        _ body:
            @escaping @Sendable (TestService, DomainHealthChecker, LoopbackFileServer, LoopbackFileServer)
            async throws -> Void
    ) async throws {
        let origin = LoopbackFileServer()
        let cdn = LoopbackFileServer()
        try await origin.run { originPort in
            try await cdn.run { cdnPort in
                var configuration = LinkServiceConfiguration(port: 0)
                configuration.domains.appleCDNURL = "http://127.0.0.1:\(cdnPort)/a/v1"
                configuration.domains.healthInterval = .zero
                let service = try await TestService.make(
                    manifests: [TestService.example("storyteller")], configuration: configuration,
                    directory: try TemporaryDirectory())
                do {
                    let files = try #require(service.server.tenants.tenant(id: "storyteller")).wellKnown
                    for path in [aasa, rootAASA] { origin.serve(path, .init(body: files.appleAppSiteAssociation)) }
                    origin.serve(assetLinks, .init(body: files.assetLinks))
                    for domain in ["stories.example.com", "share.stories.example.com"] {
                        cdn.serve("/a/v1/\(domain)", .init(body: files.appleAppSiteAssociation))
                    }
                    var checker = service.server.domainHealth
                    checker.origin = { _ in "http://127.0.0.1:\(originPort)" }
                    try await body(service, checker, origin, cdn)
                    await service.close()
                } catch {
                    await service.close()
                    throw error
                }
            }
        }
    }

    /// A `domain.health_changed` endpoint of storyteller.
    static func subscribe(_ store: any LinkStore) async throws {
        let start = Date()
        _ = try await store.insertWebhookEndpoint(
            WebhookEndpoint(
                id: "wh_health", tenant: "storyteller", url: "https://hooks.example.com/health",
                events: [.domainHealthChanged], description: "health",
                secret: "whsec_" + Data(repeating: 7, count: 32).base64EncodedString(), createdAt: start,
                updatedAt: start),
            limit: 10)
    }

    /// The `domain.health_changed` events queued since the last call, as their JSON bodies; each
    /// is recorded delivered, as the deliverer would (a domain's next event waits for it).
    static func events(_ store: any LinkStore) async throws -> [JSONNode] {
        let owner = UUID().uuidString
        let now = Date().addingTimeInterval(60)
        let messages = try await store.claimWebhookMessages(
            owner: owner, now: now, leaseUntil: now.addingTimeInterval(60), limit: 100)
        for message in messages {
            try await store.recordWebhookAttempt(
                WebhookAttempt(
                    endpointID: message.endpointID, tenant: message.tenant, eventID: message.id, type: message.type,
                    attempt: 1, at: now, status: 200, durationMilliseconds: 1, error: nil, outcome: .delivered),
                of: message, owner: owner, retryAt: nil, pauseEndpointUntil: nil)
        }
        return try messages.filter { $0.type == .domainHealthChanged }.map { try JSONParser().parse($0.payload) }
    }

    @Test(
        "domains serving the tenant's files with the CDN holding them are healthy, in the API, /metrics and the store, and no webhook is sent"
    )
    func healthy() async throws {
        try await Self.withServers { service, checker, origin, cdn in
            try await Self.subscribe(service.store)
            let recorded = try await checker.checkDue()
            #expect(recorded.map(\.domain).sorted() == ["share.stories.example.com", "stories.example.com"])
            for health in recorded { #expect(health.state == .healthy, "\(health.failures)") }
            #expect(origin.requests.contains(Self.aasa))
            #expect(cdn.requests.contains("/a/v1/stories.example.com"))
            #expect(try await Self.events(service.store).isEmpty)

            let key = try await service.key(for: "storyteller")
            let router = service.server.makeRouter()
            let app = Application(router: router)
            try await app.test(.router) { client in
                let list = try await client.execute(uri: "/api/v1/domains", method: .get, headers: .bearer(key))
                let text = list.text
                #expect(text.contains(#""health":"healthy""#), "\(text)")
                #expect(text.contains(#""failingChecks":[]"#))
                let one = try await client.execute(
                    uri: "/api/v1/domains/stories.example.com", method: .get, headers: .bearer(key))
                #expect(one.json?[path: "health"] == "healthy")
                #expect(one.json?[path: "healthSince"] != nil)
            }
            let metrics = try await service.server.metricsText()
            #expect(
                metrics.contains(#"wayfinder_domain_health{domain="stories.example.com",check="aasa"} 1"#), "\(metrics)"
            )
            #expect(metrics.contains(#"wayfinder_domain_health{domain="stories.example.com",check="apple-cdn"} 1"#))
        }
    }

    @Test(
        "an AASA that answers 404 makes its domain failing, naming the check and rule, with a domain.health_changed webhook once; fixed, it is healthy again with a second event"
    )
    func failingAndBack() async throws {
        try await Self.withServers { service, checker, origin, _ in
            try await Self.subscribe(service.store)
            try await checker.checkDue()
            origin.serve(Self.aasa, nil)
            let failing = try await checker.checkDue()
            for health in failing {
                #expect(health.state == .failing)
                #expect(health.failures.contains { $0.check == "aasa" && $0.rule == "status" }, "\(health.failures)")
            }
            let events = try await Self.events(service.store)
            #expect(events.count == 2)
            let event = try #require(events.first { $0[path: "data.domain"] == "stories.example.com" })
            #expect(event[path: "type"] == "domain.health_changed")
            #expect(event[path: "data.health"] == "failing")
            #expect(event[path: "data.previousHealth"] == "healthy")
            #expect(event["data"]?["failingChecks"]?.arrayValue?.isEmpty == false)
            let metrics = try await service.server.metricsText()
            #expect(metrics.contains(#"wayfinder_domain_health{domain="stories.example.com",check="aasa"} 0"#))

            // Still failing: the state's start stays, and nothing more is sent.
            let again = try await checker.checkDue()
            let first = try #require(failing.first { $0.domain == "stories.example.com" })
            #expect(again.first { $0.domain == "stories.example.com" }?.since == first.since)
            #expect(try await Self.events(service.store).isEmpty)

            let files = try #require(service.server.tenants.tenant(id: "storyteller")).wellKnown
            origin.serve(Self.aasa, .init(body: files.appleAppSiteAssociation))
            for health in try await checker.checkDue() { #expect(health.state == .healthy) }
            let back = try await Self.events(service.store)
            #expect(back.map { $0[path: "data.health"] } == ["healthy", "healthy"])
        }
    }

    @Test("a CDN with no copy of the AASA makes the domain degraded, not failing; the health survives a restart")
    func degradedAndStored() async throws {
        try await Self.withServers { service, checker, _, cdn in
            cdn.serve(
                "/a/v1/stories.example.com",
                .init(status: .notFound, headers: [HTTPField.Name("Apple-Failure-Reason")!: "SWCERR00301 Timeout"]))
            let recorded = try await checker.checkDue()
            let health = try #require(recorded.first { $0.domain == "stories.example.com" })
            #expect(health.state == .degraded)
            #expect(health.failures.map { "\($0.check) \($0.rule)" } == ["apple-cdn cdn-fetch"])
            #expect(health.failures.first?.detail.contains("SWCERR00301") == true)
            #expect(recorded.first { $0.domain == "share.stories.example.com" }?.state == .healthy)

            let directory = try #require(service.directory)
            let reopened = try await SQLiteLinkStore.open(path: directory.path("links.sqlite"))
            let stored = try await reopened.domainHealth(tenant: "storyteller")
            try await reopened.close()
            #expect(stored.first { $0.domain == "stories.example.com" } == health)
        }
    }

    @Test("a domain that cannot be reached is failing; a domain no longer served loses its health and its series")
    func unreachableAndPruned() async throws {
        try await Self.withServers { service, checker, _, _ in
            var unreachable = checker
            // Nothing listens on port 1 of loopback.
            unreachable.origin = { _ in "http://127.0.0.1:1" }
            for health in try await unreachable.checkDue() {
                #expect(health.state == .failing)
                #expect(health.failures.contains { $0.check == "aasa" && $0.rule == "reachable" })
            }
            service.server.tenants.replace(with: try TenantSet(manifests: [TestService.example("chat")]))
            var chat = checker
            chat.origin = { _ in "http://127.0.0.1:1" }
            _ = try await chat.checkDue()
            #expect(try await service.store.domainHealth(tenant: "storyteller").isEmpty)
            let metrics = try await service.server.metricsText()
            #expect(!metrics.contains(#"domain="stories.example.com""#))
        }
    }

    @Test("health comes from the checklist: a failed origin file is failing, only the CDN or the root AASA degraded")
    func classification() {
        let now = Date()
        func state(_ items: [HostingCheckItem]) -> DomainHealthState {
            DomainHealthChecker.health(of: items, domain: "d.test", tenant: "t", at: now).state
        }
        #expect(state([.init(.status, .appleAppSiteAssociation, .pass, "ok")]) == .healthy)
        #expect(state([.init(.size, .assetLinks, .warning, "big")]) == .healthy)
        #expect(state([.init(.status, .assetLinks, .fail, "404")]) == .failing)
        #expect(state([.init(.appID, .appleAppSiteAssociation, .fail, "missing")]) == .failing)
        #expect(state([.init(.cdnFetch, .appleCDN, .fail, "404")]) == .degraded)
        #expect(state([.init(.reachable, .rootAppleAppSiteAssociation, .unchecked, "refused")]) == .degraded)
    }
}
