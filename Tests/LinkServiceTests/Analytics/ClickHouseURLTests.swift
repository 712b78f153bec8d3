import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// `--clickhouse URL`: what it takes, where the credentials come from, what it refuses.
@Suite("ClickHouse URL")
struct ClickHouseURLTests {
    @Test("the endpoint, database and credentials of the URL; port 8123 and database default when none")
    func parts() throws {
        let url = try ClickHouseURL(parsing: "http://reader:s3cret@db.example:8124/?database=wayfinder")
        #expect(url.endpoint == "http://db.example:8124/")
        #expect(url.database == "wayfinder")
        #expect(url.user == "reader")
        #expect(url.password == "s3cret")
        let bare = try ClickHouseURL(parsing: "https://db.example")
        #expect(bare.endpoint == "https://db.example:8123/")
        #expect(bare.database == "default")
        #expect(bare.user == nil)
    }

    @Test("credentials given apart apply only when the URL names no user")
    func environmentCredentials() throws {
        let apart = try ClickHouseURL(parsing: "http://db.example/?database=w", user: "env", password: "pw")
        #expect(apart.user == "env")
        #expect(apart.password == "pw")
        let inURL = try ClickHouseURL(parsing: "http://url@db.example/?database=w", user: "env", password: "pw")
        #expect(inURL.user == "url")
        #expect(inURL.password == nil)
    }

    @Test("the description hides the password")
    func hidesPassword() throws {
        let url = try ClickHouseURL(parsing: "http://reader:s3cret@db.example:8123/?database=w")
        #expect(!url.description.contains("s3cret"))
        #expect(url.description == "http://reader:***@db.example:8123/?database=w")
    }

    @Test(
        "refused: not http(s), no host, a database name that is not letters, digits and _",
        arguments: ["postgres://db/x", "http:///?database=w", "http://db/?database=a;DROP", "not a url"])
    func refused(_ text: String) {
        #expect {
            try ClickHouseURL(parsing: text)
        } throws: { error in
            (error as? ClickHouseError)?.code == .invalidURL
        }
    }

    @Test("WAYFINDER_CLICKHOUSE_URL, _USER, _PASSWORD and _OUTBOX_LIMIT reach the configuration")
    func configurationKeys() throws {
        let keys = LinkServiceConfiguration.documentedKeys.map(\.environment)
        for key in [
            "WAYFINDER_CLICKHOUSE_URL", "WAYFINDER_CLICKHOUSE_USER", "WAYFINDER_CLICKHOUSE_PASSWORD",
            "WAYFINDER_CLICKHOUSE_OUTBOX_LIMIT",
        ] {
            #expect(keys.contains(key))
        }
    }

    @Test("releases from 18.16 on are supported, older ones are not")
    func versions() {
        #expect(ClickHouseSchema.supports(version: "18.16.1"))
        #expect(ClickHouseSchema.supports(version: "24.3.2.23"))
        #expect(!ClickHouseSchema.supports(version: "18.14.19"))
        #expect(!ClickHouseSchema.supports(version: "1.1.54394"))
    }
}
