import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Click ids, app events and the funnel: the same answers from every store of
/// `LinkStoreFactory.all` (SQLite, PostgreSQL, memory).
@Suite("Event store conformance")
struct EventStoreConformanceTests {
    static let day = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01

    static func event(
        _ name: String, link: Link?, click: ClickID? = nil, value: Double? = nil, currency: String? = nil,
        dedupe: String? = nil, tenant: String = "storyteller", at time: Date = day
    ) -> AppEvent {
        AppEvent(
            id: AppEvent.makeID(), tenant: tenant, name: name, clickID: click, linkID: link?.id,
            platform: click == nil ? nil : .ios, value: value, currency: currency, dedupeKey: dedupe,
            occurredAt: time, receivedAt: time)
    }

    @Test(
        "a stored click is found by its id for its tenant only, with its link, time and platform",
        arguments: LinkStoreFactory.all)
    func clickByID(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = LinkStoreConformanceTests.makeLink(slug: "clicked")
            _ = try await store.insertLink(link)
            let id = ClickID.random()
            try await store.insertClicks([
                Click(linkID: link.id, tenant: "storyteller", time: Self.day, platform: .android, id: id),
                Click(linkID: link.id, tenant: "storyteller", time: Self.day, platform: .ios),
            ])
            #expect(
                try await store.click(tenant: "storyteller", id: id)
                    == ClickReference(id: id, linkID: link.id, time: Self.day, platform: .android))
            #expect(try await store.click(tenant: "elsewhere", id: id) == nil)
            #expect(try await store.click(tenant: "storyteller", id: .random()) == nil)
        }
    }

    @Test("events are stored once per dedupe key and tenant, and read back by it", arguments: LinkStoreFactory.all)
    func dedupeKeys(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = LinkStoreConformanceTests.makeLink(slug: "deduped")
            _ = try await store.insertLink(link)
            let click = ClickID.random()
            let first = Self.event("purchase", link: link, click: click, value: 4.99, currency: "EUR", dedupe: "o-1")
            try await store.insertEvents([first, Self.event("purchase", link: link, dedupe: "o-1")])
            try await store.insertEvents([
                Self.event("purchase", link: link, value: 100, currency: "EUR", dedupe: "o-1")
            ])
            try await store.insertEvents([Self.event("purchase", link: nil, dedupe: "o-1", tenant: "elsewhere")])
            #expect(try await store.event(tenant: "storyteller", dedupeKey: "o-1") == first)
            #expect(try await store.event(tenant: "storyteller", dedupeKey: "o-2") == nil)
            #expect(try await store.event(tenant: "elsewhere", dedupeKey: "o-1")?.id != first.id)
            #expect(
                try await store.eventTotals(tenant: "storyteller", linkID: link.id)
                    == ["purchase": EventTotals(count: 1, value: ["EUR": 4.99])])
        }
    }

    @Test(
        "the funnel counts clicks, tokens, installs (claims or reports), opens, other events and revenue, per tenant, link and days",
        arguments: LinkStoreFactory.all)
    func funnel(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = LinkStoreConformanceTests.makeLink(slug: "funnel")
            let other = LinkStoreConformanceTests.makeLink(slug: "other")
            _ = try await store.insertLink(link)
            _ = try await store.insertLink(other)
            let next = Self.day.addingTimeInterval(86_400)
            func click(_ link: Link, issued: Bool, _ time: Date = Self.day) -> Click {
                Click(linkID: link.id, tenant: "storyteller", time: time, platform: .ios, claimIssued: issued)
            }
            try await store.insertClicks([
                click(link, issued: true), click(link, issued: true), click(link, issued: false),
                click(other, issued: false), click(link, issued: true, next),
            ])
            _ = try await store.recordClaim(
                DeferredClaim(nonce: "aa", tenant: "storyteller", linkID: link.id, claimedAt: Self.day))
            let id = ClickID.random()
            try await store.insertEvents([
                Self.event("install", link: link, click: id), Self.event("install", link: link, click: id),
                Self.event("open", link: link, click: id), Self.event("reopen", link: link, click: id),
                Self.event("signup", link: link, click: id),
                Self.event("purchase", link: link, click: id, value: 4.99, currency: "EUR"),
                Self.event("purchase", link: link, click: id, value: 0.01, currency: "EUR"),
                Self.event("purchase", link: other, value: 3, currency: "USD"),
                Self.event("level.up", link: nil), Self.event("open", link: link, click: id, at: next),
                Self.event("open", link: nil, tenant: "elsewhere"),
            ])
            let all = try await store.funnel(tenant: "storyteller", linkID: nil, from: nil, to: nil)
            #expect(all.clicks == 5)
            #expect(all.sentToStore == 3)
            #expect(all.installs == 2)
            #expect(all.opens == 3)
            #expect(
                all.events == [
                    "signup": EventTotals(count: 1), "level.up": EventTotals(count: 1),
                    "purchase": EventTotals(count: 3, value: ["EUR": 5, "USD": 3]),
                ])
            #expect(all.revenue == ["EUR": 5, "USD": 3])
            // Without the events (what ClickHouse's funnel takes from the main database).
            #expect(
                try await store.funnelSteps(tenant: "storyteller", linkID: nil, from: nil, to: nil)
                    == FunnelSteps(clicks: 5, sentToStore: 3, claims: 1))
            let firstDay = try await store.funnel(
                tenant: "storyteller", linkID: link.id, from: "2025-01-01", to: "2025-01-01")
            #expect(firstDay.clicks == 3)
            #expect(firstDay.sentToStore == 2)
            #expect(firstDay.installs == 2)
            #expect(firstDay.opens == 2)
            #expect(firstDay.revenue == ["EUR": 5])
            #expect(
                try await store.funnel(tenant: "elsewhere", linkID: link.id, from: nil, to: nil)
                    == AppFunnel(clicks: 0, sentToStore: 0, claims: 0, totals: [:]))
            let counts = try await store.linkEvents(tenant: "storyteller", linkID: link.id, sinceDay: 0)
            #expect(counts.appEvents == ["install": ["ios": 2], "open": ["ios": 2], "reopen": ["ios": 1]])
        }
    }
}

extension EventStoreConformanceTests {
    @Test(
        "an attributed event queues event.created for the endpoints that receive it; an unattributed or repeated one does not",
        arguments: LinkStoreFactory.all)
    func webhook(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(
                WebhookStoreTests.endpoint("wh_events", events: [.eventCreated]), limit: 10)
            _ = try await store.insertWebhookEndpoint(WebhookStoreTests.endpoint("wh_links"), limit: 10)
            let link = LinkStoreConformanceTests.makeLink(slug: "hooked")
            _ = try await store.insertLink(link)
            let click = ClickID.random()
            let purchase = Self.event("purchase", link: link, click: click, value: 4.99, currency: "EUR", dedupe: "o-1")
            try await store.insertEvents([purchase, Self.event("open", link: link)])
            try await store.insertEvents([Self.event("purchase", link: link, click: click, dedupe: "o-1")])
            let messages = try await WebhookStoreTests.claim(store, at: Self.day.addingTimeInterval(60))
            try #require(messages.count == 1)
            #expect(messages[0].endpointID == "wh_events")
            #expect(messages[0].type == .eventCreated)
            let body = try JSONParser().parse(messages[0].payload)
            #expect(body["type"]?.stringValue == "event.created")
            #expect(body["data"]?["event"]?["id"]?.stringValue == purchase.id)
            #expect(body["data"]?["event"]?["clickId"]?.stringValue == click.text)
            #expect(body["data"]?["event"]?["currency"]?.stringValue == "EUR")
        }
    }
}
