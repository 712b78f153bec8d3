import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("wayfinder serve")
struct ServeCommandTests {
    @Test("--help documents every flag and its environment variable")
    func help() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"])
        #expect(result.status == 0)
        for text in [
            "--manifest", "--database", "--host", "--port", "WAYFINDER_DATABASE", "WAYFINDER_PORT",
            "WAYFINDER_MANIFEST", "Examples:",
        ] {
            #expect(result.stdout.contains(text), "missing \(text)")
        }
    }

    @Test("without a manifest it says how to give one and exits 1")
    func noManifest() async throws {
        let result = try await WayfinderProcess.runDetached(["serve"], environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--manifest"))
    }

    @Test(
        "a PostgreSQL pool setting out of range names its key, the value and what it takes, and exits 1",
        arguments: [
            (
                "WAYFINDER_POSTGRES_CONNECTIONS", "0",
                "wayfinder.postgres.connections is \"0\"; use a whole number from 1"
            ),
            (
                "WAYFINDER_POSTGRES_KEEPALIVE_SECONDS", "-5",
                "wayfinder.postgres.keepalive.seconds is \"-5\"; use a whole number of seconds, 0 for no keep-alive query"
            ),
        ])
    func invalidPostgresPool(variable: String, value: String, message: String) async throws {
        let result = try await WayfinderProcess.runDetached(
            ["serve", "--manifest", "Examples/storyteller.json"], environment: [variable: value])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test(
        "a ClickHouse URL that cannot be used, from --clickhouse or WAYFINDER_CLICKHOUSE_URL, says why and exits 1",
        arguments: [
            (["--clickhouse", "ftp://db.example/"], [String: String]()),
            ([], ["WAYFINDER_CLICKHOUSE_URL": "http://db.example/?database=no-dashes"]),
        ])
    func invalidClickHouseURL(arguments: [String], environment: [String: String]) async throws {
        let result = try await WayfinderProcess.runDetached(
            ["serve", "--manifest", "Examples/storyteller.json"] + arguments, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("invalid ClickHouse URL"), "stderr: \(result.stderr)")
    }

    @Test("--help documents --clickhouse and its environment variables")
    func clickHouseHelp() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"])
        for text in [
            "--clickhouse", "WAYFINDER_CLICKHOUSE_URL", "WAYFINDER_CLICKHOUSE_USER", "WAYFINDER_CLICKHOUSE_PASSWORD",
        ] {
            #expect(result.stdout.contains(text), "missing \(text)")
        }
    }

    @Test("it serves on the port from WAYFINDER_PORT and exits 0 on SIGTERM")
    func servesAndStopsGracefully() async throws {
        try await ServeProcess.withServer(named: "serve") { server, database in
            let health = try await FaultClient.shared.get("\(server.base)/healthz")
            #expect(health.status == 200)
            #expect(health.body == "ok\n")
            server.signal(SIGTERM)
            let end = await server.exit()
            #expect(end.exited)
            #expect(end.status == 0)
            #expect(FileManager.default.fileExists(atPath: database.path))
        }
    }
}
