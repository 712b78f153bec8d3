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
import Testing

/// Click analytics in ClickHouse beside the rollups: the same answers, unique visitors, no
/// address kept, and the outbox across an outage. Live servers on SQLite or PostgreSQL, and the
/// ClickHouse of `WAYFINDER_TEST_CLICKHOUSE_URL`.
@Suite("ClickHouse analytics", .enabled(if: ClickHouseTestDatabase.isConfigured, ClickHouseTestDatabase.skipNote))
struct ClickHouseAnalyticsTests {
    static var factories: [LinkStoreFactory] { LinkStoreFactory.all.filter { $0.name != "memory" } }

    /// One visit: who (address, `User-Agent`) and from where.
    struct Visit {
        var agent: String
        var address = "192.0.2.1"
        var referrer: String?
    }

    static func configuration(_ url: ClickHouseURL?) -> LinkServiceConfiguration {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        configuration.trustForwardedFor = true
        configuration.clickhouse = url
        return configuration
    }

    static func visit(_ slug: String, _ visit: Visit, via client: some TestClientProtocol) async throws {
        var headers: HTTPFields = [.userAgent: visit.agent, .xForwardedFor: visit.address]
        if let referrer = visit.referrer { headers[.referer] = referrer }
        let response = try await client.execute(uri: "/\(slug)", method: .get, headers: headers)
        #expect([.found, .ok].contains(response.status))
    }

    static func json(_ uri: String, key: String, via client: some TestClientProtocol) async throws -> JSONNode {
        let response = try await client.execute(uri: uri, method: .get, headers: .bearer(key))
        #expect(response.status == .ok, "\(uri): \(response.text)")
        return try #require(response.json)
    }

    /// Waits until every click of the server is in ClickHouse: `clicks` stored in the main
    /// database (the flusher takes a batch out of memory before its transaction commits), and
    /// none left in the outbox.
    static func drained(_ store: any LinkStore, clicks: Int, tenant: String = "local") async throws -> Bool {
        let outbox = try #require(store as? any OutboxRecords)
        return try await eventually(within: .seconds(60)) {
            guard try await store.clickCount(tenant: tenant) == clicks else { return false }
            return try await outbox.outboxDepth(topic: OutboxTopic.clickhouse) == 0
        }
    }

    /// The one value `sql` answers, as text.
    static func scalar(_ sql: String, _ url: ClickHouseURL) async throws -> String {
        String(buffer: try await ClickHouseClient(url: url).run(sql + " FORMAT TSV"))
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let mixedVisits: [Visit] = [
        Visit(agent: Agents.iPhone, referrer: "https://t.co/x"),
        Visit(agent: Agents.iPhone, referrer: "https://t.co/y"),
        Visit(agent: Agents.iPad, referrer: "https://t.co/z"), Visit(agent: Agents.android),
        Visit(agent: Agents.android, address: "192.0.2.2"),
        Visit(agent: Agents.desktop, referrer: "https://news.example.org/a"), Visit(agent: Agents.facebook),
        Visit(agent: "Twitterbot/1.0"),
    ]

    @Test("link and tenant stats from ClickHouse agree with the rollups for the same clicks", arguments: factories)
    func agreesWithRollups(factory: LinkStoreFactory) async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            try await factory.withStore { store in
                let server = try LinkServer(
                    configuration: Self.configuration(url), manifests: [LocalTenant.manifest], store: store)
                let (key, record) = APIKey.make(tenant: "local")
                try await store.insertAPIKey(record)
                try await server.makeApplication().testLive { client in
                    for slug in ["first", "second"] {
                        let created = try await LocalTenant.create(
                            slug, destination: "https://www.local.example.com/\(slug)", key: key, via: client)
                        #expect(created.status == .created)
                    }
                    for visit in Self.mixedVisits { try await Self.visit("first", visit, via: client) }
                    for visit in Self.mixedVisits.prefix(3) { try await Self.visit("second", visit, via: client) }
                    #expect(try await Self.drained(store, clicks: 11))

                    let answer = try await Self.json("/api/v1/links/first/stats", key: key, via: client)
                    #expect(answer["source"]?.stringValue == "clickhouse")
                    let link = try #require(try await store.link(tenant: "local", slug: "first"))
                    let rollups = LinkJSON.node(try await store.stats(tenant: "local", linkID: link.id))
                    for member in rollups.objectValue ?? [] {
                        #expect(answer[member.key]?.jsonText() == member.value.jsonText(), "\(member.key)")
                    }
                    #expect(answer[path: "clicks"] == "6")
                    #expect(answer[path: "botClicks"] == "2")
                    // iPhone, iPad, Android and desktop from one address, Android from another.
                    #expect(answer[path: "visitors.total"] == "5")
                    #expect(answer[path: "browsers.Safari"] == "3")
                    #expect(answer["countries"]?.jsonText() == "{}")

                    let tenant = try await Self.json("/api/v1/stats", key: key, via: client)
                    let tenantRollups = try await #require(store as? any TenantStatsRecords)
                        .tenantStats(tenant: "local", from: nil, to: nil, top: 10)
                    #expect(tenant["source"]?.stringValue == "clickhouse")
                    #expect(tenant[path: "clicks"] == String(tenantRollups.clicks))
                    #expect(tenant["platforms"]?.jsonText() == LinkJSON.counts(tenantRollups.platforms).jsonText())
                    #expect(
                        tenant["topLinks"]?.jsonText()
                            == StatsJSON.node(tenantRollups, source: .rollups, range: StatsRange())["topLinks"]?
                            .jsonText())
                    #expect(tenant[path: "clicks"] == "9")

                    // An in-app visit: ClickHouse names its app as the browser, and inApp (from the
                    // main database, as the deferred funnel) counts it.
                    try await Self.visit("first", Visit(agent: InAppBrowserTests.inApp[0].agent), via: client)
                    #expect(try await Self.drained(store, clicks: 12))
                    let inApp = try await Self.json("/api/v1/links/first/stats", key: key, via: client)
                    #expect(inApp["source"]?.stringValue == "clickhouse")
                    #expect(inApp[path: "inApp.Instagram"] == "1")
                    #expect(inApp["inApp"]?.objectValue?.count == 1)
                    #expect(inApp[path: "browsers.Instagram"] == "1")
                    #expect(answer["inApp"]?.jsonText() == "{}")
                }
            }
        }
    }

    @Test("unique visitors per day are exact for known visitors, and no address is kept anywhere")
    func exactVisitorsAndNoAddress() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try await SQLiteLinkStore.withStore(path: directory.path("links.sqlite")) { store in
                let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_600 + 3_600))  // 2026-01-01 01:00 UTC
                let server = try LinkServer(
                    configuration: Self.configuration(url), manifests: [LocalTenant.manifest], store: store,
                    clock: clock.clock)
                let (key, record) = APIKey.make(tenant: "local")
                try await store.insertAPIKey(record)
                let (a, b, c) = ("198.51.100.17", "198.51.100.42", "2001:db8::77")
                let days: [[Visit]] = [
                    [
                        Visit(agent: Agents.iPhone, address: a), Visit(agent: Agents.iPhone, address: a),
                        Visit(agent: Agents.iPhone, address: a), Visit(agent: Agents.desktop, address: a),
                        Visit(agent: Agents.iPhone, address: b), Visit(agent: Agents.iPhone, address: b),
                    ],
                    [Visit(agent: Agents.iPhone, address: a), Visit(agent: Agents.android, address: c)],
                    Array(repeating: Visit(agent: Agents.iPhone, address: a), count: 5),
                ]
                try await server.makeApplication().testLive { client in
                    let created = try await LocalTenant.create(
                        "people", destination: "https://www.local.example.com/p", key: key, via: client)
                    #expect(created.status == .created)
                    let analytics = try #require(server.analytics)
                    for (index, visits) in days.enumerated() {
                        if index > 0 {
                            clock.advance(by: .seconds(86_400))
                            try await analytics.keys.refresh(from: analytics.outbox, now: clock.clock.now())
                        }
                        for visit in visits { try await Self.visit("people", visit, via: client) }
                    }
                    #expect(try await Self.drained(store, clicks: 13))
                    let answer = try await Self.json("/api/v1/links/people/stats", key: key, via: client)
                    #expect(answer[path: "clicks"] == "13")
                    #expect(answer[path: "visitors.total"] == "6")
                    let byDay = (answer["visitors"]?["byDay"]?.arrayValue ?? []).map {
                        "\($0[path: "day"] ?? "")=\($0[path: "visitors"] ?? "")"
                    }
                    #expect(byDay == ["2026-01-01=3", "2026-01-02=2", "2026-01-03=1"])
                    let ranged = try await Self.json(
                        "/api/v1/links/people/stats?from=2026-01-02&to=2026-01-02", key: key, via: client)
                    #expect(ranged[path: "clicks"] == "2")
                    #expect(ranged[path: "visitors.total"] == "2")
                    let tenant = try await Self.json(
                        "/api/v1/stats?from=2026-01-01&to=2026-01-01", key: key, via: client)
                    #expect(tenant[path: "visitors"] == "3")

                    // Days that are over are kept as numbers (the link's two, the tenant's first),
                    // read as such, and counted again when a late click (an outbox sent after
                    // midnight) changes the day's clicks.
                    let engine = ClickHouseEngine(client: ClickHouseClient(url: url))
                    #expect(try await Self.scalar("SELECT count() FROM \(url.database).click_visitor_days", url) == "3")
                    let again = try await Self.json("/api/v1/links/people/stats", key: key, via: client)
                    #expect(again["visitors"]?.jsonText() == answer["visitors"]?.jsonText())
                    let link = try #require(try await store.link(tenant: "local", slug: "people"))
                    let late =
                        #"{"click_id":"\#(UUID().uuidString.lowercased())","tenant":"local","link_id":"\#(link.id)","#
                        + #""time":1767232800,"is_bot":0,"visitor":4242}"#
                    #expect(try await engine.insert([OutboxPayload(counting: late)], checkingFirst: false) == 1)
                    let counted = try await Self.json("/api/v1/links/people/stats", key: key, via: client)
                    #expect(counted[path: "visitors.total"] == "7")
                    #expect(counted["visitors"]?["byDay"]?.arrayValue?.first?[path: "visitors"] == "4")
                    let tenantAgain = try await Self.json(
                        "/api/v1/stats?from=2026-01-01&to=2026-01-01", key: key, via: client)
                    #expect(tenantAgain[path: "visitors"] == "4")
                    #expect(try await Self.scalar("SELECT count() FROM \(url.database).click_visitor_days", url) == "5")

                    // Every table of the ClickHouse database, and the database file, without the addresses.
                    let client = ClickHouseClient(url: url)
                    var dump = ""
                    for table in ["click_events", "click_daily", "click_dimensions", "click_visitor_days"] {
                        dump += String(
                            buffer: try await client.run("SELECT * FROM \(url.database).\(table) FORMAT TSV"))
                    }
                    #expect(dump.split(separator: "\n").count > 13)
                    var files = Data()
                    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path("")) {
                        files += FileManager.default.contents(atPath: directory.path(name)) ?? Data()
                    }
                    for address in [a, b, c] {
                        #expect(dump.contains(address) == false)
                        #expect(files.range(of: Data(address.utf8)) == nil)
                    }
                }
            }
        }
    }

    @Test(
        "ClickHouse away: redirects go on, stats fall back to the rollups, the outbox grows; back: every click once"
    )
    func outageAndRecovery() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (key, record) = APIKey.make(tenant: "local")
            let clicks = 40
            // Away: a port where nothing listens.
            do {
                try await SQLiteLinkStore.withStore(path: directory.path("links.sqlite")) { store in
                    try await store.insertAPIKey(record)
                    let server = try LinkServer(
                        configuration: Self.configuration(ClickHouseTestDatabase.deadURL),
                        manifests: [LocalTenant.manifest],
                        store: store)
                    try await server.makeApplication().testLive { client in
                        let created = try await LocalTenant.create(
                            "kept", destination: "https://www.local.example.com/k", key: key, via: client)
                        #expect(created.status == .created)
                        for index in 0..<clicks {
                            try await Self.visit(
                                "kept", Visit(agent: Agents.iPhone, address: "192.0.2.\(index)"), via: client)
                        }
                        let outbox: any OutboxRecords = store
                        #expect(
                            try await eventually(within: .seconds(20)) {
                                try await outbox.outboxDepth(topic: OutboxTopic.clickhouse) == clicks
                            })
                        let answer = try await Self.json("/api/v1/links/kept/stats", key: key, via: client)
                        #expect(answer["source"]?.stringValue == "rollups")
                        #expect(answer[path: "clicks"] == String(clicks))
                        #expect(answer["visitors"]?.value == .null)
                        let tenant = try await Self.json("/api/v1/stats", key: key, via: client)
                        #expect(tenant["source"]?.stringValue == "rollups")
                        // The shipper reads the depth after each failed send (backing off up to 30 s).
                        #expect(
                            try await eventually(within: .seconds(40)) {
                                try await server.metricsText().contains(
                                    "wayfinder_clickhouse_outbox_depth \(clicks)")
                            })
                        // The link's stats, the tenant's, and the tenant's funnel.
                        #expect(try await server.metricsText().contains("wayfinder_clickhouse_stats_fallbacks_total 3"))
                    }
                    // A send that reached ClickHouse but whose answer was lost: the first ten events
                    // are there already while the outbox still holds them.
                    // (An entry holds a flush's events, one per line.)
                    let first = try await store.outboxEntries(topic: OutboxTopic.clickhouse, limit: 10).flatMap {
                        $0.payload.text.split(separator: "\n").map(String.init)
                    }
                    let engine = ClickHouseEngine(client: ClickHouseClient(url: url))
                    try await engine.prepare()
                    #expect(
                        try await engine.insert(
                            first.prefix(10).map(OutboxPayload.init(counting:)), checkingFirst: false)
                            == 10)
                }
            }
            // Back: the backlog drains, and every click counts once.
            try await SQLiteLinkStore.withStore(path: directory.path("links.sqlite")) { store in
                let server = try LinkServer(
                    configuration: Self.configuration(url), manifests: [LocalTenant.manifest], store: store)
                try await server.makeApplication().testLive { client in
                    #expect(try await Self.drained(store, clicks: clicks))
                    let answer = try await Self.json("/api/v1/links/kept/stats", key: key, via: client)
                    #expect(answer["source"]?.stringValue == "clickhouse")
                    #expect(answer[path: "clicks"] == String(clicks))
                    #expect(answer[path: "visitors.total"] == String(clicks))
                    // The depth is read after the last batch is deleted.
                    #expect(
                        try await eventually(within: .seconds(20)) {
                            let metrics = try await server.metricsText()
                            return metrics.contains("wayfinder_clickhouse_outbox_depth 0")
                                && metrics.contains("wayfinder_clickhouse_events_sent_total \(clicks - 10)")
                        })
                }
                #expect(
                    try await Self.scalar("SELECT count() FROM \(url.database).click_events", url) == String(clicks))
            }
        }
    }

    @Test("ClickHouse reads an event's left-out members as the click's values: empty, zero or NULL")
    func eventsReadBackWhole() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            let engine = ClickHouseEngine(client: ClickHouseClient(url: url))
            try await engine.prepare()
            #expect(
                try await engine.insert(ClickEvent.entries(of: ClickEventTests.sampleClicks), checkingFirst: false) == 2
            )
            let rows = try await Self.scalar(
                """
                SELECT tenant, link_id, toUnixTimestamp(time), platform, os, browser, in_app, referrer, is_bot, country,
                    rule, variant, utm_source, utm_medium, utm_campaign, utm_term, utm_content, claim_issued, visitor
                FROM \(url.database).click_events ORDER BY tenant
                """, url)
            #expect(
                rows.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) } == [
                    [
                        "chat", "", "1800000000", "android", "Android", "Chrome", "Instagram", "news.example.com", "1",
                        "DE", "0", "3", "news/letter", "", #"spring "sale"\té"#, "", "", "1", "18446744073709551615",
                    ],
                    [
                        "storyteller", "l1", "1800000000", "ios", "", "", "", "", "0", #"\N"#, #"\N"#, #"\N"#, "", "",
                        "", "", "", "0", "0",
                    ],
                ])
        }
    }

    @Test("a click_events table made before in_app gains the column at start, and takes events that name the app")
    func addsInAppToOlderTable() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            let client = ClickHouseClient(url: url)
            try await client.run("CREATE DATABASE IF NOT EXISTS \(url.database)", inDatabase: false)
            // The table as the release before in_app made it.
            let created = ClickHouseSchema.statements(database: url.database)[0]
            try await client.run(created.replacingOccurrences(of: ",\n    in_app String", with: ""))
            #expect(
                try await Self.scalar(
                    "SELECT count() FROM system.columns WHERE database = '\(url.database)' AND name = 'in_app'", url)
                    == "0")
            let engine = ClickHouseEngine(client: client)
            try await engine.prepare()
            try await engine.prepare()
            #expect(
                try await engine.insert(ClickEvent.entries(of: ClickEventTests.sampleClicks), checkingFirst: false) == 2
            )
            #expect(
                try await Self.scalar(
                    "SELECT in_app FROM \(url.database).click_events ORDER BY tenant", url) == "Instagram")
        }
    }

    @Test("at start: a refused password stops the server; a ClickHouse away does not")
    func startErrors() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            var wrong = url
            wrong.user = "wayfinder"
            wrong.password = "not-the-password"
            await #expect {
                try await ClickHouseEngine(client: ClickHouseClient(url: wrong)).prepare()
            } throws: { error in
                (error as? ClickHouseError)?.code == .credentials
            }
            var right = url
            right.user = "wayfinder"
            right.password = "wayfinder-test"
            try await ClickHouseEngine(client: ClickHouseClient(url: right)).prepare()
            let tables = try await ClickHouseClient(url: right).run("SHOW TABLES FROM \(url.database)")
            #expect(
                String(buffer: tables).split(separator: "\n").sorted() == [
                    "app_event_daily", "app_event_daily_mv", "app_events", "click_daily", "click_daily_mv",
                    "click_dimensions", "click_dimensions_mv", "click_events",
                    "click_visitor_days",
                ])
            await #expect {
                try await ClickHouseEngine(client: ClickHouseClient(url: ClickHouseTestDatabase.deadURL)).prepare()
            } throws: { error in
                (error as? ClickHouseError)?.code == .unreachable
            }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try await SQLiteLinkStore.withStore(path: directory.path("links.sqlite")) { store in
                let analytics = try #require(
                    try ClickAnalytics(
                        configuration: Self.configuration(ClickHouseTestDatabase.deadURL), store: store,
                        registry: LinkServiceMetrics().registry, clock: .system))
                try await analytics.start(logger: .init(label: "test"))
            }
        }
    }
}
