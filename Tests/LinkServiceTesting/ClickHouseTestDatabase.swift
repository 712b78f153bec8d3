import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The ClickHouse server the analytics tests may use: `WAYFINDER_TEST_CLICKHOUSE_URL`
/// (`Scripts/test-clickhouse start` prints one). Each test gets a database of its own, dropped
/// afterwards, so tests run in parallel on one server.
package enum ClickHouseTestDatabase {
    package static let skipNote: Comment =
        "ClickHouse tests skipped: WAYFINDER_TEST_CLICKHOUSE_URL is not set (export WAYFINDER_TEST_CLICKHOUSE_URL=\"$(Scripts/test-clickhouse start)\" to run them)"

    package static let url: String? = {
        let value = ProcessInfo.processInfo.environment["WAYFINDER_TEST_CLICKHOUSE_URL"] ?? ""
        if value.isEmpty {
            print("note: \(skipNote.rawValue)")
            return nil
        }
        return value
    }()

    package static var isConfigured: Bool { url != nil }

    /// A URL naming a new, unique database on the test server (created by the server at start).
    package static func makeURL() throws -> ClickHouseURL {
        var url = try ClickHouseURL(parsing: try #require(url, "WAYFINDER_TEST_CLICKHOUSE_URL is not set"))
        url.database = "wf_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return url
    }

    /// Runs `body` with a fresh database's URL and drops the database afterwards, even when
    /// `body` throws.
    package static func withDatabase<T>(_ body: (ClickHouseURL) async throws -> T) async throws -> T {
        let url = try makeURL()
        do {
            let result = try await body(url)
            await drop(url)
            return result
        } catch {
            await drop(url)
            throw error
        }
    }

    package static func drop(_ url: ClickHouseURL) async {
        _ = try? await ClickHouseClient(url: url).run("DROP DATABASE IF EXISTS \(url.database)", inDatabase: false)
    }

    /// A port on loopback where nothing listens (a ClickHouse that is away).
    package static let deadURL = try! ClickHouseURL(parsing: "http://127.0.0.1:9/?database=wayfinder")
}
