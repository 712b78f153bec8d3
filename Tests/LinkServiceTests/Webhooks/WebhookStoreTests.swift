import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The webhook outbox every `LinkStore` keeps, run against each store of `LinkStoreFactory.all`.
@Suite("Webhook outbox")
struct WebhookStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func endpoint(
        _ id: String, tenant: String = "storyteller",
        events: [WebhookEventType] = [.linkCreated, .linkUpdated, .linkDeleted]
    ) -> WebhookEndpoint {
        WebhookEndpoint(
            id: id, tenant: tenant, url: "https://hooks.example.com/\(id)", events: events, description: "d",
            secret: "whsec_" + Data(repeating: 7, count: 32).base64EncodedString(), createdAt: start, updatedAt: start)
    }

    static func link(_ slug: String, tenant: String = "storyteller") -> Link {
        Link(
            id: UUID().uuidString.lowercased(), tenant: tenant, domain: "stories.example.com", slug: slug,
            content: LinkContent(destination: "https://stories.example.com/story/42"), createdAt: start,
            updatedAt: start)
    }

    static func claim(_ store: any LinkStore, owner: String = "a", at date: Date = start, limit: Int = 100)
        async throws -> [WebhookMessage]
    {
        try await store.claimWebhookMessages(
            owner: owner, now: date, leaseUntil: date.addingTimeInterval(60), limit: limit)
    }

    static func attempt(
        _ message: WebhookMessage, _ outcome: WebhookAttempt.Outcome, status: Int? = 200, at: Date = start
    )
        -> WebhookAttempt
    {
        WebhookAttempt(
            endpointID: message.endpointID, tenant: message.tenant, eventID: message.id, type: message.type,
            attempt: message.attempts + 1, at: at, status: status, durationMilliseconds: 3,
            error: outcome == .delivered ? nil : "HTTP \(status ?? 0)", outcome: outcome)
    }

    @Test(
        "an endpoint reads back as stored; a tenant's limit refuses one more and stores nothing",
        arguments: LinkStoreFactory.all)
    func endpoints(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let first = Self.endpoint("wh_1")
            #expect(try await store.insertWebhookEndpoint(first, limit: 2))
            #expect(try await store.insertWebhookEndpoint(Self.endpoint("wh_2"), limit: 2))
            #expect(try await store.insertWebhookEndpoint(Self.endpoint("wh_3"), limit: 2) == false)
            #expect(try await store.insertWebhookEndpoint(Self.endpoint("wh_4", tenant: "chat"), limit: 2))
            #expect(try await store.webhookEndpoint(tenant: "storyteller", id: "wh_1") == first)
            #expect(try await store.webhookEndpoint(tenant: "chat", id: "wh_1") == nil)
            #expect(try await store.webhookEndpoints(tenant: "storyteller").map(\.id) == ["wh_1", "wh_2"])
            var changed = first
            changed.events = [.linkClicked]
            changed.enabled = false
            changed.previousSecret = first.secret
            changed.previousSecretExpiresAt = Self.start.addingTimeInterval(86_400)
            #expect(try await store.updateWebhookEndpoint(changed))
            #expect(try await store.webhookEndpoint(tenant: "storyteller", id: "wh_1") == changed)
            #expect(try await store.deleteWebhookEndpoint(tenant: "chat", id: "wh_1") == false)
            #expect(try await store.deleteWebhookEndpoint(tenant: "storyteller", id: "wh_1"))
            #expect(try await store.webhookEndpoints(tenant: "storyteller").map(\.id) == ["wh_2"])
        }
    }

    @Test(
        "a batch of links (an import) queues link.created for each new link, only for its tenant's endpoints, and indexes their tags",
        arguments: LinkStoreFactory.all)
    func batchLinkEvents(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_created", events: [.linkCreated]), limit: 10)
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_chat", tenant: "chat"), limit: 10)
            _ = try await store.insertLink(Self.link("taken"))
            var tagged = Self.link("first")
            tagged.content.tags = ["spring", "sale"]
            let batch = [tagged, Self.link("taken"), Self.link("second"), Self.link("first")]
            let results = try await store.insertLinks(batch)
            #expect(results.map { if case .inserted = $0 { true } else { false } } == [true, false, true, false])
            var slugs: [String] = []
            for message in try await Self.claim(store, at: Self.start.addingTimeInterval(10)) {
                #expect(message.endpointID == "wh_created")
                slugs.append(try JSONParser().parse(message.payload)["data"]?["slug"]?.stringValue ?? "?")
            }
            // One message a new link (the taken slug's was queued by its own insertLink).
            #expect(slugs.sorted() == ["first", "second", "taken"])
            let page = try await store.searchLinks(
                tenant: "storyteller", matching: "", tagged: "sale", before: nil, limit: 10)
            #expect(page.links.map(\.slug) == ["first"])
        }
    }

    @Test(
        "link changes queue their events for the endpoints that receive them, in order, with the API's JSON",
        arguments: LinkStoreFactory.all)
    func linkEvents(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_all"), limit: 10)
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_created", events: [.linkCreated]), limit: 10)
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_other", tenant: "chat"), limit: 10)
            var link = Self.link("spring")
            _ = try await store.insertLink(link)
            link.content.destination = "https://stories.example.com/story/7"
            link.updatedAt = Self.start.addingTimeInterval(5)
            #expect(try await store.updateLink(link))
            #expect(
                try await store.deleteLink(tenant: "storyteller", slug: "spring", at: Self.start.addingTimeInterval(9)))

            // Per link and endpoint one at a time: the first claim gets each endpoint's oldest.
            let later = Self.start.addingTimeInterval(10)
            let first = try await Self.claim(store, at: later)
            #expect(first.map(\.endpointID).sorted() == ["wh_all", "wh_created"])
            let created = try #require(first.first { $0.endpointID == "wh_all" })
            #expect(created.type == .linkCreated)
            let body = try JSONParser().parse(created.payload)
            #expect(body["type"]?.stringValue == "link.created")
            #expect(body["timestamp"]?.stringValue == "2027-01-15T08:00:00.000Z")
            #expect(body["data"]?["slug"]?.stringValue == "spring")
            #expect(body["data"]?["url"]?.stringValue == "https://stories.example.com/spring")
            // The same event for both endpoints: one webhook-id.
            #expect(first.map(\.id) == [created.id, created.id])

            for message in first {
                try await store.recordWebhookAttempt(
                    Self.attempt(message, .delivered), of: message, owner: "a", retryAt: nil, pauseEndpointUntil: nil)
            }
            let second = try await Self.claim(store, at: later)
            try #require(second.map(\.type) == [.linkUpdated])
            let updated = try JSONParser().parse(second[0].payload)
            #expect(updated["data"]?["destination"]?.stringValue == "https://stories.example.com/story/7")
            try await store.recordWebhookAttempt(
                Self.attempt(second[0], .delivered), of: second[0], owner: "a", retryAt: nil, pauseEndpointUntil: nil)
            let third = try await Self.claim(store, at: later)
            try #require(third.map(\.type) == [.linkDeleted])
            #expect(try JSONParser().parse(third[0].payload)["timestamp"]?.stringValue == "2027-01-15T08:00:09.000Z")
            #expect(try await store.pendingWebhookMessages(clicksOnly: false) == 1)
        }
    }

    @Test(
        "a leased message is nobody else's until the lease is over; then it is taken again with its id",
        arguments: LinkStoreFactory.all)
    func leases(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_1"), limit: 10)
            _ = try await store.insertLink(Self.link("a"))
            let taken = try await Self.claim(store, owner: "one")
            #expect(taken.count == 1)
            #expect(try await Self.claim(store, owner: "two", at: Self.start.addingTimeInterval(30)).isEmpty)
            // "one" died: after its lease the message goes to "two", the same event.
            let again = try await Self.claim(store, owner: "two", at: Self.start.addingTimeInterval(61))
            #expect(again.map(\.id) == taken.map(\.id))
            // The late instance's record changes nothing; the new holder's does.
            try await store.recordWebhookAttempt(
                Self.attempt(taken[0], .delivered), of: taken[0], owner: "one", retryAt: nil, pauseEndpointUntil: nil)
            #expect(try await store.pendingWebhookMessages(clicksOnly: false) == 1)
            #expect(try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_1", limit: 10).isEmpty)
            try await store.recordWebhookAttempt(
                Self.attempt(again[0], .delivered), of: again[0], owner: "two", retryAt: nil, pauseEndpointUntil: nil)
            #expect(try await store.pendingWebhookMessages(clicksOnly: false) == 0)
        }
    }

    @Test(
        "a batch's attempts are recorded in one call, each as its outcome says; one another instance took changes nothing",
        arguments: LinkStoreFactory.all)
    func batchedRecords(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_1"), limit: 10)
            for slug in ["a", "b", "c"] { _ = try await store.insertLink(Self.link(slug)) }
            let taken = try await Self.claim(store, owner: "one")
            #expect(taken.count == 3)
            // "one" stalled past its leases: the oldest message went to "two" meanwhile.
            let late = Self.start.addingTimeInterval(61)
            _ = try await store.claimWebhookMessages(
                owner: "two", now: late, leaseUntil: late.addingTimeInterval(60), limit: 1)
            let records = [
                Self.record(taken[0], .delivered),
                Self.record(taken[1], .retrying, status: 500, retryAt: Self.start.addingTimeInterval(5)),
                Self.record(taken[2], .delivered),
            ]
            try await store.recordWebhookAttempts(records, owner: "one")
            let log = try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_1", limit: 10)
            #expect(Set(log.map(\.eventID)) == Set(taken[1...2].map(\.id)))
            #expect(try await store.pendingWebhookMessages(clicksOnly: false) == 2)
            try await store.recordWebhookAttempts([], owner: "one")
        }
    }

    @Test(
        "claimed messages given back unsent are claimed again at once, by anyone; another's are kept",
        arguments: LinkStoreFactory.all)
    func givenBack(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_1"), limit: 10)
            for slug in ["a", "b"] { _ = try await store.insertLink(Self.link(slug)) }
            let taken = try await Self.claim(store, owner: "one")
            #expect(taken.count == 2)
            try await store.recordWebhookAttempts(
                [Self.record(taken[0], .delivered)], releasing: [taken[1]], owner: "one")
            let again = try await Self.claim(store, owner: "two")
            #expect(again.map(\.id) == [taken[1].id])
            #expect(again.first?.attempts == 0)
            // "one" cannot give back what "two" holds now.
            try await store.recordWebhookAttempts([], releasing: again, owner: "one")
            #expect(try await Self.claim(store, owner: "three").isEmpty)
        }
    }

    @Test(
        "a retried message waits for its time, holds back the link's later events, and fails at the end",
        arguments: LinkStoreFactory.all)
    func retries(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_1"), limit: 10)
            var link = Self.link("a")
            _ = try await store.insertLink(link)
            link.updatedAt = Self.start.addingTimeInterval(1)
            _ = try await store.updateLink(link)
            let first = try #require(try await Self.claim(store).first)
            try await store.recordWebhookAttempt(
                Self.attempt(first, .retrying, status: 500), of: first, owner: "a",
                retryAt: Self.start.addingTimeInterval(5), pauseEndpointUntil: nil)
            // Not due yet, and the update waits behind the creation.
            #expect(try await Self.claim(store, at: Self.start.addingTimeInterval(4)).isEmpty)
            let second = try await Self.claim(store, at: Self.start.addingTimeInterval(5))
            #expect(second.map(\.id) == [first.id])
            #expect(second.first?.attempts == 1)
            try await store.recordWebhookAttempt(
                Self.attempt(second[0], .failed, status: 500, at: Self.start.addingTimeInterval(5)), of: second[0],
                owner: "a", retryAt: nil, pauseEndpointUntil: nil)
            // Failed: the next event of the link goes on.
            let third = try await Self.claim(store, at: Self.start.addingTimeInterval(5))
            #expect(third.map(\.type) == [.linkUpdated])
            let log = try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_1", limit: 10)
            #expect(log.map(\.outcome) == [.failed, .retrying])
            #expect(log.map(\.attempt) == [2, 1])
            #expect(log.first?.status == 500)
        }
    }

    @Test(
        "a claim takes what has been due longest first: a retry due later waits behind newer events due sooner",
        arguments: LinkStoreFactory.all)
    func earliestDueFirst(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_1"), limit: 10)
            _ = try await store.insertLink(Self.link("a"))
            let retried = try #require(try await Self.claim(store).first)
            try await store.recordWebhookAttempt(
                Self.attempt(retried, .retrying, status: 500), of: retried, owner: "a",
                retryAt: Self.start.addingTimeInterval(5), pauseEndpointUntil: nil)
            var newer = Self.link("b")
            newer.createdAt = Self.start.addingTimeInterval(2)
            newer.updatedAt = newer.createdAt
            _ = try await store.insertLink(newer)
            let at = Self.start.addingTimeInterval(10)
            #expect(try await Self.claim(store, at: at, limit: 1).map(\.payload).first?.contains("\"b\"") == true)
            #expect(try await Self.claim(store, at: at, limit: 1).map(\.id) == [retried.id])
        }
    }

    @Test(
        "410 disables the endpoint; a pause holds every message of the endpoint until it is over",
        arguments: LinkStoreFactory.all)
    func disableAndPause(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_gone"), limit: 10)
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_busy", events: [.linkCreated]), limit: 10)
            _ = try await store.insertLink(Self.link("a"))
            _ = try await store.insertLink(Self.link("b"))
            let taken = try await Self.claim(store)
            #expect(taken.count == 4)
            for message in taken where message.endpointID == "wh_gone" {
                try await store.recordWebhookAttempt(
                    Self.attempt(message, .disabled, status: 410), of: message, owner: "a",
                    retryAt: Self.start.addingTimeInterval(5), pauseEndpointUntil: nil)
            }
            for message in taken where message.endpointID == "wh_busy" {
                try await store.recordWebhookAttempt(
                    Self.attempt(message, .retrying, status: 429), of: message, owner: "a",
                    retryAt: Self.start.addingTimeInterval(5), pauseEndpointUntil: Self.start.addingTimeInterval(120))
            }
            #expect(try await store.webhookEndpoint(tenant: "storyteller", id: "wh_gone")?.enabled == false)
            #expect(try await Self.claim(store, at: Self.start.addingTimeInterval(60)).isEmpty)
            let later = try await Self.claim(store, at: Self.start.addingTimeInterval(120))
            #expect(later.map(\.endpointID) == ["wh_busy", "wh_busy"])
            // A disabled endpoint gets no new events.
            _ = try await store.insertLink(Self.link("c"))
            #expect(try await store.pendingWebhookMessages(clicksOnly: false) == 5)
        }
    }

    @Test(
        "click events go to the endpoints that name link.clicked, within the bound; the rest are dropped",
        arguments: LinkStoreFactory.all)
    func clickEvents(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_links"), limit: 10)
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_clicks", events: [.linkClicked]), limit: 10)
            let link = Self.link("a")
            _ = try await store.insertLink(link)
            let clicks = (0..<5).map { index in
                Click(
                    linkID: link.id, tenant: "storyteller", time: Self.start.addingTimeInterval(Double(index)),
                    platform: .android, os: "Android", browser: "Chrome", referrerHost: "news.example.com")
            }
            let outcome = try await store.insertClicks(clicks, clickEventLimit: 3)
            #expect(outcome == ClickBatchOutcome(queuedClickEvents: 3, droppedClickEvents: 2))
            #expect(try await store.pendingWebhookMessages(clicksOnly: true) == 3)
            #expect(try await store.stats(tenant: "storyteller", linkID: link.id).clicks == 5)
            let messages = try await Self.claim(store, at: Self.start.addingTimeInterval(10)).filter {
                $0.type == .linkClicked
            }
            try #require(messages.count == 3)
            #expect(Set(messages.map(\.endpointID)) == ["wh_clicks"])
            let body = try JSONParser().parse(messages[0].payload)
            #expect(body["type"]?.stringValue == "link.clicked")
            #expect(body["data"]?["link"]?["slug"]?.stringValue == "a")
            #expect(body["data"]?["click"]?["platform"]?.stringValue == "android")
            #expect(body["data"]?["click"]?["referrer"]?.stringValue == "news.example.com")
        }
    }

    /// The record of one attempt at `message` with `outcome`, due again at `retryAt`.
    static func record(
        _ message: WebhookMessage, _ outcome: WebhookAttempt.Outcome, status: Int? = 200, retryAt: Date? = nil
    ) -> WebhookAttemptRecord {
        WebhookAttemptRecord(
            attempt: attempt(message, outcome, status: status), message: message, retryAt: retryAt,
            pauseEndpointUntil: nil)
    }

    /// `count` clicks of one new link for an endpoint that takes `link.clicked`; the store's messages.
    static func clicked(_ count: Int, on store: any LinkStore) async throws {
        _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_clicks", events: [.linkClicked]), limit: 10)
        let link = Self.link("clicked")
        _ = try await store.insertLink(link)
        let clicks = (0..<count).map { index in
            Click(
                linkID: link.id, tenant: "storyteller", time: Self.start.addingTimeInterval(Double(index) / 1000),
                platform: .ios)
        }
        #expect(try await store.insertClicks(clicks, clickEventLimit: 10_000).queuedClickEvents == count)
    }

    @Test(
        "a flush's click events leave in claims of about the size asked, each event once with its own id",
        arguments: LinkStoreFactory.all)
    func clickEventsInClaims(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            try await Self.clicked(150, on: store)
            #expect(try await store.pendingWebhookMessages(clicksOnly: true) == 150)
            var ids: [String] = []
            for round in 0..<10 {
                let taken = try await Self.claim(store, at: Self.start.addingTimeInterval(10), limit: 100)
                if taken.isEmpty { break }
                // A claim takes whole rows of click events: at least one, never past the limit after it.
                #expect(taken.count <= max(100, WebhookClickBatch.maximumEvents), "round \(round)")
                ids += taken.map(\.id)
                try await store.recordWebhookAttempts(
                    taken.map { Self.record($0, .delivered) }, owner: "a")
            }
            #expect(ids.count == 150 && Set(ids).count == 150)
            #expect(ids.allSatisfy { $0.hasPrefix("msg_") })
            #expect(try await store.pendingWebhookMessages(clicksOnly: true) == 0)
            #expect(
                try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_clicks", limit: 500).count == 150
            )
        }
    }

    @Test(
        "a click event not delivered at its first attempt goes on alone with its webhook-id; the others are not sent again",
        arguments: LinkStoreFactory.all)
    func clickEventRetriedAlone(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            try await Self.clicked(5, on: store)
            let taken = try await Self.claim(store, at: Self.start.addingTimeInterval(10))
            try #require(taken.count == 5)
            let later = Self.start.addingTimeInterval(70)
            try await store.recordWebhookAttempts(
                [
                    Self.record(taken[0], .delivered), Self.record(taken[1], .retrying, status: 500, retryAt: later),
                    Self.record(taken[2], .failed, status: 500), Self.record(taken[4], .delivered),
                ], releasing: [taken[3]], owner: "a")
            #expect(try await store.pendingWebhookMessages(clicksOnly: true) == 2)
            #expect(
                try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_clicks", limit: 10).count == 4)

            let unsent = try await Self.claim(store, owner: "b", at: Self.start.addingTimeInterval(11))
            #expect(unsent.map(\.id) == [taken[3].id])
            #expect(unsent.first?.payload == taken[3].payload && unsent.first?.attempts == 0)
            let retried = try await Self.claim(store, owner: "b", at: later)
            #expect(retried.map(\.id) == [taken[1].id])
            #expect(retried.first?.payload == taken[1].payload && retried.first?.attempts == 1)
        }
    }

    @Test(
        "click events whose holder died are sent again by the next claim after the lease; the late holder's record changes nothing",
        arguments: LinkStoreFactory.all)
    func clickEventsOfADeadHolder(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            try await Self.clicked(5, on: store)
            let first = try await Self.claim(store, owner: "a", at: Self.start.addingTimeInterval(10))
            #expect(try await Self.claim(store, owner: "b", at: Self.start.addingTimeInterval(20)).isEmpty)
            let second = try await Self.claim(store, owner: "b", at: Self.start.addingTimeInterval(71))
            #expect(second.map(\.id) == first.map(\.id))
            try await store.recordWebhookAttempts(first.map { Self.record($0, .delivered) }, owner: "a")
            #expect(try await store.pendingWebhookMessages(clicksOnly: true) == 5)
            try await store.recordWebhookAttempts(second.map { Self.record($0, .delivered) }, owner: "b")
            #expect(try await store.pendingWebhookMessages(clicksOnly: true) == 0)
            #expect(
                try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_clicks", limit: 10).count == 5)
        }
    }

    @Test(
        "pruning deletes finished messages and attempts older than the retention, never pending ones",
        arguments: LinkStoreFactory.all)
    func pruning(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            _ = try await store.insertWebhookEndpoint(Self.endpoint("wh_1"), limit: 10)
            _ = try await store.insertLink(Self.link("a"))
            _ = try await store.insertLink(Self.link("b"))
            let taken = try await Self.claim(store)
            try await store.recordWebhookAttempt(
                Self.attempt(taken[0], .delivered), of: taken[0], owner: "a", retryAt: nil, pauseEndpointUntil: nil)
            #expect(try await store.pruneWebhookRecords(before: Self.start) == 0)
            #expect(try await store.pruneWebhookRecords(before: Self.start.addingTimeInterval(1)) == 1)
            #expect(try await store.pendingWebhookMessages(clicksOnly: false) == 1)
            #expect(try await store.webhookAttempts(tenant: "storyteller", endpointID: "wh_1", limit: 10).isEmpty)
        }
    }
}
