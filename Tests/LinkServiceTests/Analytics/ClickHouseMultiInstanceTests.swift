import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Several instances on one PostgreSQL database, shipping to one ClickHouse: one holds the
/// outbox's lease and sends, so each click arrives once.
@Suite(
    "ClickHouse shipping from several instances",
    .enabled(if: ClickHouseTestDatabase.isConfigured, ClickHouseTestDatabase.skipNote),
    .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
struct ClickHouseMultiInstanceTests {
    @Test("two servers on one PostgreSQL ship to one ClickHouse: every click of either arrives exactly once")
    func twoInstancesShipEachClickOnce() async throws {
        try await ClickHouseTestDatabase.withDatabase { url in
            try await PostgresTestDatabase.withSchema { schema in
                let open = {
                    try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
                }
                try await withStore(opening: open) { firstStore in
                    try await withStore(opening: open) { secondStore in
                        try await Self.visitBoth(firstStore, secondStore, url: url)
                    }
                }
            }
        }
    }

    static func visitBoth(_ firstStore: PostgresLinkStore, _ secondStore: PostgresLinkStore, url: ClickHouseURL)
        async throws
    {
        let configuration = ClickHouseAnalyticsTests.configuration(url)
        let first = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: firstStore)
        let second = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: secondStore)
        let (key, record) = APIKey.make(tenant: "local")
        try await firstStore.insertAPIKey(record)
        let perServer = 60
        try await first.makeApplication().testLive { firstClient in
            try await second.makeApplication().testLive { secondClient in
                let created = try await LocalTenant.create(
                    "shared", destination: "https://www.local.example.com/s", key: key, via: firstClient)
                #expect(created.status == .created)
                // Both shippers run all along; visits alternate between the two servers.
                for index in 0..<perServer {
                    let visit = ClickHouseAnalyticsTests.Visit(agent: Agents.iPhone, address: "192.0.2.\(index)")
                    try await ClickHouseAnalyticsTests.visit("shared", visit, via: firstClient)
                    try await ClickHouseAnalyticsTests.visit("shared", visit, via: secondClient)
                }
                #expect(try await ClickHouseAnalyticsTests.drained(firstStore, clicks: 2 * perServer))
                let answer = try await ClickHouseAnalyticsTests.json(
                    "/api/v1/links/shared/stats", key: key, via: secondClient)
                #expect(answer["source"]?.stringValue == "clickhouse")
                #expect(answer[path: "clicks"] == String(2 * perServer))
                #expect(answer[path: "visitors.total"] == String(perServer))
                // Each counts what it sent, after the batch is deleted from the outbox.
                #expect(
                    try await eventually(within: .seconds(10)) {
                        let sent = [
                            Self.sentTotal(try await first.metricsText()),
                            Self.sentTotal(try await second.metricsText()),
                        ]
                        return sent.reduce(0, +) == 2 * perServer
                    })
            }
        }
        let events = "\(url.database).click_events"
        #expect(
            try await ClickHouseAnalyticsTests.scalar("SELECT count() FROM \(events)", url) == String(2 * perServer))
        #expect(
            try await ClickHouseAnalyticsTests.scalar("SELECT uniqExact(click_id) FROM \(events)", url)
                == String(2 * perServer))
    }

    /// `wayfinder_clickhouse_events_sent_total` of a `/metrics` text.
    static func sentTotal(_ metrics: String) -> Int {
        let prefix = "wayfinder_clickhouse_events_sent_total "
        return metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) }
            ?? 0
    }
}
