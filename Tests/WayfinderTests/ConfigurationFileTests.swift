import Foundation
import Testing

/// `--config FILE` (JSON keyed by the environment variables' names) and `serve --print-config`.
@Suite("--config and --print-config")
struct ConfigurationFileTests {
    @Test(
        "--print-config shows each value with its source, flags over the environment over the file, secrets hidden"
    )
    func printsSources() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "wayfinder.json",
            #"""
            {"WAYFINDER_DATABASE": "postgres://wayfinder:hunter2@db.internal:5432/links",
             "WAYFINDER_PORT": 9100, "WAYFINDER_HOST": "10.0.0.5", "WAYFINDER_TRUST_FORWARDED_FOR": false,
             "WAYFINDER_TRUSTED_PROXIES": ["10.0.0.1", "10.0.0.2"]}
            """#)
        let result = try await WayfinderProcess.runDetached(
            ["serve", "--config", file, "--print-config", "--manifest", "Examples/storyteller.json", "--port", "9200"],
            environment: ["WAYFINDER_HOST": "127.0.0.2"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Set(result.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("WAYFINDER_MANIFEST=Examples/storyteller.json  (flag)"), "\(result.stdout)")
        #expect(lines.contains("WAYFINDER_PORT=9200  (flag)"))
        #expect(lines.contains("WAYFINDER_HOST=127.0.0.2  (environment)"))
        #expect(
            lines.contains("WAYFINDER_DATABASE=postgres://wayfinder:***@db.internal:5432/links  (config file \(file))"))
        #expect(lines.contains("WAYFINDER_TRUSTED_PROXIES=10.0.0.1,10.0.0.2  (config file \(file))"))
        #expect(lines.contains("WAYFINDER_TRUST_FORWARDED_FOR=false  (config file \(file))"))
        #expect(lines.contains("WAYFINDER_LINK_CACHE_CAPACITY=100000  (default)"))
        #expect(lines.contains("WAYFINDER_METRICS_ADDRESS=127.0.0.1:9464  (default)"))
        #expect(lines.contains("WAYFINDER_PUBLIC_RATE_PER_MINUTE=12000  (default)"))
        #expect(lines.contains("WAYFINDER_GEOIP  (default: none)"))
        #expect(!result.stdout.contains("hunter2"))
    }

    @Test(
        "the machine-tuning settings are off by default, are read from the environment, and a niceness past 19 is refused"
    )
    func machineTuning() async throws {
        let serve = ["serve", "--print-config", "--manifest", "Examples/storyteller.json"]
        let defaults = try await WayfinderProcess.runDetached(serve, environment: [:])
        #expect(defaults.status == 0, "\(defaults.stderr)")
        let lines = Set(defaults.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("WAYFINDER_BACKGROUND_NICENESS=0  (default)"), "\(defaults.stdout)")
        #expect(lines.contains("WAYFINDER_WEBHOOKS_PACE=false  (default)"))
        #expect(lines.contains("WAYFINDER_MEMORY_TRIM_SECONDS=1  (default)"))
        let set = try await WayfinderProcess.runDetached(
            serve, environment: ["WAYFINDER_BACKGROUND_NICENESS": "10", "WAYFINDER_WEBHOOKS_PACE": "true"])
        let setLines = Set(set.stdout.split(separator: "\n").map(String.init))
        #expect(setLines.contains("WAYFINDER_BACKGROUND_NICENESS=10  (environment)"), "\(set.stdout)")
        #expect(setLines.contains("WAYFINDER_WEBHOOKS_PACE=true  (environment)"))
        let refused = try await WayfinderProcess.runDetached(
            serve, environment: ["WAYFINDER_BACKGROUND_NICENESS": "20"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("wayfinder.background.niceness is \"20\""), "\(refused.stderr)")
    }

    @Test("a YAML file is read the same way: scalars as written, lists joined with commas")
    func yamlFile() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "wayfinder.yaml",
            """
            # Settings of the link service
            WAYFINDER_PORT: 9300
            WAYFINDER_TRUST_FORWARDED_FOR: true
            WAYFINDER_TRUSTED_PROXIES:
              - 10.0.0.1
              - 10.0.0.2
            """)
        let result = try await WayfinderProcess.runDetached(
            ["serve", "--config", file, "--print-config", "--manifest", "Examples/storyteller.json"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Set(result.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("WAYFINDER_PORT=9300  (config file \(file))"), "\(result.stdout)")
        #expect(lines.contains("WAYFINDER_TRUST_FORWARDED_FOR=true  (config file \(file))"))
        #expect(lines.contains("WAYFINDER_TRUSTED_PROXIES=10.0.0.1,10.0.0.2  (config file \(file))"))
        let unknown = try folder.write("typo.yml", "WAYFINDER_PROT: 1\n")
        let refused = try await WayfinderProcess.runDetached(
            ["serve", "--config", unknown, "--print-config", "--manifest", "Examples/storyteller.json"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(#"unknown key "WAYFINDER_PROT"; did you mean "WAYFINDER_PORT"?"#))
    }

    @Test("the file's values are used: keys create writes to the database the file names")
    func fileValuesAreUsed() async throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("from-config.sqlite").path
        let file = try folder.write(
            "wayfinder.json",
            #"{"WAYFINDER_DATABASE": "sqlite:\#(database)", "WAYFINDER_MANIFEST": ["Examples/storyteller.json"]}"#)
        let result = try await WayfinderProcess.runDetached(
            ["keys", "create", "--tenant", "storyteller", "--config", file], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: database))
    }

    @Test(
        "an unknown key is an error naming the file and suggesting the nearest key; exit 1",
        arguments: [
            ("WAYFINDER_PROT", "did you mean \"WAYFINDER_PORT\"?"),
            ("wayfinder.port", "did you mean \"WAYFINDER_PORT\"?"),
            ("WAYFINDER_TRUSTED_PROXY", "did you mean \"WAYFINDER_TRUSTED_PROXIES\"?"),
            ("COLOR", "(`wayfinder serve --help` lists every key)"),
        ])
    func unknownKey(key: String, hint: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("wayfinder.json", #"{"\#(key)": 1}"#)
        let result = try await WayfinderProcess.runDetached(
            ["serve", "--config", file, "--manifest", "Examples/storyteller.json", "--print-config"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(file): unknown key \"\(key)\""), "\(result.stderr)")
        #expect(result.stderr.contains(hint), "\(result.stderr)")
    }
}
