import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import NIOCore
import Prometheus
import Testing

/// The app's events counted three ways: a live server on SQLite, on PostgreSQL, and with
/// ClickHouse (events shipped from the outbox, stats read from it). The same clicks, claims and
/// events go in through the HTTP API; the same link `events`, tenant `funnel` and FDL `linkStats`
/// come out.
@Suite("App event stats from SQLite, PostgreSQL and ClickHouse")
struct AppEventStatsTests {
    /// Where the server keeps its events and reads their stats.
    struct Backend: Sendable, CustomTestStringConvertible {
        let name: String
        let factory: LinkStoreFactory
        let clickhouse: Bool

        var testDescription: String { name }

        /// SQLite always; PostgreSQL and ClickHouse (on SQLite) when their test servers are named.
        static var all: [Backend] {
            var backends = [Backend(name: "SQLite", factory: .sqlite, clickhouse: false)]
            if PostgresTestDatabase.isConfigured {
                backends.append(Backend(name: "PostgreSQL", factory: .postgres, clickhouse: false))
            }
            if ClickHouseTestDatabase.isConfigured {
                backends.append(Backend(name: "ClickHouse", factory: .sqlite, clickhouse: true))
            }
            return backends
        }

        /// Runs `body` with a live server of tenants `local` and `other` on a fresh store (and
        /// ClickHouse database), a key of `local`, and the ClickHouse URL when there is one.
        func withServer(
            _ body:
                @Sendable (any TestClientProtocol, _ key: String, LinkServer, any LinkStore, ClickHouseURL?)
                async throws -> Void
        ) async throws {
            func run(_ url: ClickHouseURL?) async throws {
                try await factory.withStore { store in
                    var configuration = LinkServiceConfiguration(port: 0)
                    configuration.clickFlushInterval = .milliseconds(50)
                    configuration.clickhouse = url
                    let server = try LinkServer(
                        configuration: configuration, manifests: [DeferredTenants.local, DeferredTenants.other],
                        store: store)
                    let (key, record) = APIKey.make(tenant: "local")
                    try await store.insertAPIKey(record)
                    try await server.makeApplication().testLive { client in
                        try await body(client, key, server, store, url)
                    }
                }
            }
            if clickhouse {
                try await ClickHouseTestDatabase.withDatabase { try await run($0) }
            } else {
                try await run(nil)
            }
        }
    }

    static func send(_ body: String, key: String, via client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/events", method: .post,
            headers: [.authorization: "Bearer \(key)", .contentType: "application/json"], body: ByteBuffer(string: body)
        )
    }

    static func json(_ uri: String, key: String, via client: some TestClientProtocol) async throws -> JSONNode {
        let response = try await client.execute(uri: uri, method: .get, headers: [.authorization: "Bearer \(key)"])
        #expect(response.status == .ok, "\(uri): \(response.text)")
        return try #require(response.json)
    }

    /// Every leaf of `node` as `path=value`, sorted: two answers with the same figures give the
    /// same list, whatever the order of their members.
    static func facts(_ node: JSONNode?, _ path: String = "") -> [String] {
        guard let node else { return ["\(path)=absent"] }
        switch node.value {
        case .object(let members):
            return members.flatMap { facts($0.value, path.isEmpty ? $0.key : path + "." + $0.key) }.sorted()
        case .array(let elements):
            return elements.enumerated().flatMap { facts($1, "\(path)[\($0)]") }.sorted()
        default:
            return ["\(path)=\(node.jsonText(style: .compact))"]
        }
    }

    /// The UTC day of `date`, `YYYY-MM-DD`.
    static func day(_ date: Date) -> String { String(ISO8601.string(from: date).prefix(10)) }

    static let springEvents = [
        "install.count=2", "open.count=1", "purchase.count=2", "purchase.value.EUR=5", "reopen.count=1",
        "signup.count=1",
    ]

    static let funnel = [
        "clicks=4", "events.level.up.count=1", "events.purchase.count=3", "events.purchase.value.EUR=5",
        "events.purchase.value.USD=3", "events.signup.count=1", "installs=2", "opens=2", "revenue.EUR=5",
        "revenue.USD=3", "sentToStore=2",
    ]

    /// The days around today: the purchase dated two days ago is outside.
    static let recentFunnel = [
        "clicks=4", "events.level.up.count=1", "events.purchase.count=2", "events.purchase.value.EUR=4.99",
        "events.purchase.value.USD=3",
        "events.signup.count=1", "installs=2", "opens=2", "revenue.EUR=4.99", "revenue.USD=3", "sentToStore=2",
    ]

    static let linkStats = [
        "APP_FIRST_OPEN ANDROID": "1", "APP_FIRST_OPEN IOS": "1", "APP_INSTALL ANDROID": "2", "APP_RE_OPEN IOS": "1",
        "CLICK ANDROID": "2", "CLICK DESKTOP": "0", "CLICK IOS": "1", "CLICK OTHER": "0",
    ]

    @Test(
        "the same clicks, claims and events give the same link events, tenant funnel (days too) and FDL app counts",
        arguments: Backend.all)
    func sameNumbers(backend: Backend) async throws {
        try await backend.withServer { client, key, server, store, url in
            let headers: HTTPFields = [.authorization: "Bearer \(key)", .contentType: "application/json"]
            for (slug, id) in [("spring", 42), ("summer", 7)] {
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"destination": "https://localhost/item/\#(id)", "slug": "\#(slug)"}"#))
                #expect(created.status == .created)
            }
            // Clicks: two Android visits sent to the store with a token each, an installed app on
            // an iPhone opened by the link (the resolve call), a desktop visit of the other link,
            // and a bot that counts nowhere.
            let first = try #require(try await DeferredTenants.androidToken("spring", via: client))
            let second = try #require(try await DeferredTenants.androidToken("spring", via: client))
            let resolved = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fspring", method: .get,
                headers: [.userAgent: Agents.iPhone])
            let click = try #require(resolved.json?[path: "clickId"])
            _ = try await client.execute(uri: "/summer", method: .get, headers: DeferredTenants.visitor(Agents.desktop))
            _ = try await client.execute(
                uri: "/spring", method: .get, headers: DeferredTenants.visitor("Twitterbot/1.0"))
            #expect(try await DeferredTenants.claim(first, via: client).status == .ok)
            // The click stored: between the flusher taking a batch and its commit a click is in
            // neither the buffer nor the store, and an event naming it then is unattributed.
            let clickID = try #require(ClickID(parsing: click))
            #expect(
                try await eventually(within: .seconds(10)) {
                    try await store.click(tenant: "local", id: clickID) != nil
                })

            let twoDaysAgo = ISO8601.string(from: Date().addingTimeInterval(-2 * 86_400))
            let events = [
                #"{"name": "install", "claimToken": "\#(first)"}"#, #"{"name": "install", "claimToken": "\#(second)"}"#,
                #"{"name": "open", "clickId": "\#(click)"}"#, #"{"name": "reopen", "clickId": "\#(click)"}"#,
                #"{"name": "signup", "clickId": "\#(click)"}"#,
                #"{"name": "purchase", "clickId": "\#(click)", "value": 4.99, "currency": "EUR", "dedupeKey": "order-1"}"#,
                #"{"name": "purchase", "link": "summer", "value": 3, "currency": "USD"}"#, #"{"name": "level.up"}"#,
                #"{"name": "purchase", "link": "spring", "value": 0.01, "currency": "EUR", "occurredAt": "\#(twoDaysAgo)"}"#,
            ]
            let sent = try await Self.send(#"{"events": [\#(events.joined(separator: ","))]}"#, key: key, via: client)
            #expect(sent.status == .accepted)
            #expect(
                sent.json?["events"]?.arrayValue?.compactMap { $0["attributed"]?.boolValue }.filter { $0 }.count == 6)
            let again = try await Self.send(events[5], key: key, via: client)
            #expect(again.json?[path: "id"] == sent.json?["events"]?.arrayValue?[5][path: "id"])

            // Written (and, with ClickHouse, shipped): the funnel reaches its figures.
            var tenant: JSONNode = nil
            let counted = try await eventually(within: .seconds(60)) {
                tenant = try await Self.json("/api/v1/stats", key: key, via: client)
                return Self.facts(tenant["funnel"]) == Self.funnel
            }
            #expect(counted, "\(Self.facts(tenant["funnel"]))")
            #expect(tenant["source"]?.stringValue == (url == nil ? "rollups" : "clickhouse"))
            let now = Date()
            let recent = try await Self.json(
                "/api/v1/stats?from=\(Self.day(now.addingTimeInterval(-86_400)))&to=\(Self.day(now.addingTimeInterval(86_400)))",
                key: key, via: client)
            #expect(Self.facts(recent["funnel"]) == Self.recentFunnel)

            let spring = try await Self.json("/api/v1/links/spring/stats", key: key, via: client)
            #expect(Self.facts(spring["events"]) == Self.springEvents)
            let summer = try await Self.json("/api/v1/links/summer/stats", key: key, via: client)
            #expect(Self.facts(summer["events"]) == ["purchase.count=1", "purchase.value.USD=3"])

            let fdl = try await FirebaseRESTAPITests.call(
                .get, FirebaseRESTAPITests.statsPath("https://localhost/spring"), key: key, via: client)
            #expect(fdl.status == .ok)
            #expect(try FirebaseRESTAPITests.counts(fdl) == Self.linkStats)

            guard let url else { return }
            // The figures came from ClickHouse: its tables hold the events, no stats call fell
            // back, and its answers are the main database's.
            #expect(
                try await ClickHouseAnalyticsTests.scalar("SELECT count() FROM \(url.database).app_events", url) == "9")
            #expect(try await server.metricsText().contains("wayfinder_clickhouse_stats_fallbacks_total 0"))
            let engine = ClickHouseEngine(client: ClickHouseClient(url: url))
            let link = try #require(try await store.link(tenant: "local", slug: "spring"))
            #expect(
                try await engine.eventTotals(tenant: "local", linkID: link.id)
                    == (try await store.eventTotals(tenant: "local", linkID: link.id)))
            let counts = try await engine.funnelCounts(tenant: "local", linkID: link.id, from: nil, to: nil)
            let rollups = try await store.funnel(tenant: "local", linkID: link.id, from: nil, to: nil)
            #expect(counts.clicks == rollups.clicks)
            #expect(counts.clicks == 3)
        }
    }
}

/// App events on their way to ClickHouse: only the events the main database stored enter the
/// outbox, and a batch sent again after a lost answer adds none twice.
@Suite(
    "App events shipped to ClickHouse",
    .enabled(if: ClickHouseTestDatabase.isConfigured, ClickHouseTestDatabase.skipNote))
struct AppEventShippingTests {
    static let day = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    @Test(
        "an event skipped for its dedupe key never enters the outbox; a batch sent again after a lost answer sends only what is missing"
    )
    func onceEach() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            try await LinkStoreFactory.sqlite.withStore { store in
                var configuration = LinkServiceConfiguration(port: 0)
                configuration.clickhouse = url
                let registry = PrometheusCollectorRegistry()
                let analytics = try #require(
                    try ClickAnalytics(configuration: configuration, store: store, registry: registry, clock: .system))
                let link = LinkStoreConformanceTests.makeLink(slug: "shipped")
                _ = try await store.insertLink(link)
                func event(_ name: String, value: Double? = nil, dedupe: String? = nil) -> AppEvent {
                    AppEvent(
                        id: AppEvent.makeID(), tenant: "storyteller", name: name, linkID: link.id,
                        value: value, currency: value == nil ? nil : "EUR", dedupeKey: dedupe, occurredAt: Self.day,
                        receivedAt: Self.day)
                }
                let purchase = event("purchase", value: 4.99, dedupe: "o-1")
                let open = event("open")
                let repeated = event("purchase", value: 100, dedupe: "o-1")
                try await analytics.write([purchase, open, repeated])
                try await analytics.write([event("purchase", value: 7, dedupe: "o-1")])
                let outbox = analytics.outbox
                #expect(try await outbox.outboxDepth(topic: OutboxTopic.clickhouseEvents) == 2)
                let entries = try await outbox.outboxEntries(topic: OutboxTopic.clickhouseEvents, limit: 10)
                let text = entries.map(\.payload.text).joined(separator: "\n")
                #expect(text.contains(purchase.id) && text.contains(open.id) && !text.contains(repeated.id))

                // The first event reached ClickHouse, but its answer was lost.
                try await analytics.engine.prepare()
                let line = try #require(text.split(separator: "\n").first { $0.contains(purchase.id) })
                #expect(
                    try await analytics.engine.insert(
                        [OutboxPayload(counting: String(line))], into: .appEvents, checkingFirst: false) == 1)
                let shipper = ClickHouseShipper(
                    engine: analytics.engine, outbox: outbox, holder: "test", idleInterval: .seconds(1),
                    clock: .system, timer: ContinuousClock(), metrics: analytics.metrics, logger: Logger(label: "test"))
                var state = ClickHouseShipper<ContinuousClock>.State()
                #expect(try await shipper.sendBatch(of: .appEvents, &state) == entries.count)
                #expect(try await outbox.outboxDepth(topic: OutboxTopic.clickhouseEvents) == 0)
                #expect(
                    try await ClickHouseAnalyticsTests.scalar(
                        "SELECT count(), uniqExact(event_id) FROM \(url.database).app_events", url) == "2\t2")
                #expect(
                    try await ClickHouseAnalyticsTests.scalar(
                        "SELECT name, link_id, value_micros, currency, occurred_at FROM \(url.database).app_events ORDER BY name",
                        url)
                        == "open\t\(link.id)\t0\t\t2026-01-01 00:00:00\npurchase\t\(link.id)\t4990000\tEUR\t2026-01-01 00:00:00"
                )
                #expect(
                    try await analytics.engine.eventTotals(tenant: "storyteller", linkID: link.id) == [
                        "open": EventTotals(count: 1), "purchase": EventTotals(count: 1, value: ["EUR": 4.99]),
                    ])
                #expect(registry.emitToString().contains("wayfinder_clickhouse_app_events_sent_total 1"))
            }
        }
    }
}
