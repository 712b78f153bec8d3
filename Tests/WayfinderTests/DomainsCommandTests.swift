import Foundation
import TestSupport
import Testing

@Suite(
    "wayfinder domains", .enabled(if: ChallengeTestServer.path != nil, Comment(rawValue: ChallengeTestServer.skipNote)))
struct DomainsCommandTests {
    @Test(
        "domains add prints the TXT record to create; verify exits 1 until the record holds the token, then 0; list shows both kinds; remove takes it away"
    )
    func addVerifyListRemove() async throws {
        let dns = try await ChallengeTestServer.start()
        defer { dns.stop() }
        let directory = try TemporaryDirectory(prefix: "wayfinder-domains")
        defer { directory.remove() }
        let common = [
            "--tenant", "storyteller", "--manifest", "Examples/storyteller.json", "--database",
            "sqlite:" + directory.path("links.sqlite"),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["WAYFINDER_DNS_RESOLVER"] = dns.address
        func run(_ arguments: [String]) async throws -> WayfinderProcess.Result {
            try await WayfinderProcess.runDetached(["domains"] + arguments + common, environment: environment)
        }

        let added = try await run(["add", "Go.Stories.Test"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("go.stories.test pending\n"))
        let token = try #require(
            added.stdout.split(separator: " ").last { $0.hasPrefix("wayfinder-") }.map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            })
        #expect(
            added.stdout.contains("create the TXT record _wayfinder-challenge.go.stories.test with the value \(token)"))

        let early = try await run(["verify", "go.stories.test"])
        #expect(early.status == 1)
        #expect(early.stdout.contains("last check: no TXT record"))

        try await dns.setTXT("_wayfinder-challenge.go.stories.test", token)
        let verified = try await run(["verify", "go.stories.test"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout == "go.stories.test verified\n")

        let listed = try await run(["list"])
        #expect(
            listed.stdout
                == "stories.example.com manifest\nshare.stories.example.com manifest\ngo.stories.test verified\n")

        let taken = try await run(["add", "share.stories.example.com"])
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("already one of your domains"))
        let invalid = try await run(["add", "192.0.2.1"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("IP address"))

        let removed = try await run(["remove", "go.stories.test"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await run(["list"]).stdout.contains("go.stories.test") == false)
    }
}
