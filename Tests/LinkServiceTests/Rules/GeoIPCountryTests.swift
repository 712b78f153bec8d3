import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// `country` conditions with a MaxMind DB file (`WAYFINDER_GEOIP`): the country of the client
/// address under the trusted-proxy rules, looked up by the GeoIP module's reader.
@Suite("GeoIP country lookup")
struct GeoIPCountryTests {
    static let script = TestService.packageRoot.appendingPathComponent("Tests/PythonSupport/make_mmdb_fixtures.py")

    /// The fixtures of Tests/PythonSupport/make_mmdb_fixtures.py in `directory`; `false` when
    /// python3 with PyPI's mmdb-writer is not installed (CI installs it).
    static func makeFixtures(in directory: TemporaryDirectory) throws -> Bool {
        try ChildProcess.run(
            "python3", [script.path, directory.url.path], standardOutput: .discard, standardError: .discard
        ).status == 0
    }

    @Test("a country rule holds for addresses the MaxMind DB places in that country")
    func maxMind() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard try Self.makeFixtures(in: directory) else {
            Issue.record("python3 with mmdb-writer is needed: python3 -m pip install mmdb-writer")
            return
        }
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.geoIPPath = directory.path("ipv4-only.mmdb")
        configuration.trustedProxies = ["127.0.0.1"]
        let web = "https://www.stories.example.com"
        try await TestService.withLink(
            #"{"destination": "\#(web)/home", "slug": "geo", "rules": [{"when": [{"country": "AU"}], "destination": "\#(web)/au"}]}"#,
            configuration: configuration, testing: .live
        ) { client, _ in
            let forwarded = HTTPField.Name("X-Forwarded-For")!
            for (address, location) in [
                ("1.2.3.4", "\(web)/au"), ("200.1.1.1", "\(web)/home"), ("9.9.9.9", "\(web)/home"),
            ] {
                let response = try await client.execute(
                    uri: "/geo", method: .get, headers: .visitor(Agents.desktop) + [forwarded: address])
                #expect(response.headers[.location] == location, "\(address)")
            }
        }
    }

    @Test("a file that is no MaxMind DB stops the server from starting")
    func badFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("not a database".utf8).write(to: directory.url.appendingPathComponent("bad.mmdb"))
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.geoIPPath = directory.path("bad.mmdb")
        await #expect(throws: (any Error).self) { _ = try await TestService.make(configuration: configuration) }
    }
}
