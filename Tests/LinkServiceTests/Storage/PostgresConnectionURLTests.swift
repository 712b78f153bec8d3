import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The PostgreSQL store without a server: URLs, and a server that is not there.
@Suite("PostgreSQL connection URL")
struct PostgresConnectionURLTests {
    @Test("the parts of a URL")
    func parts() throws {
        let url = try PostgresConnectionURL(
            parsing: "postgres://way%40finder:p%3Ass@db.example.com:6543/links?sslmode=require&schema=wayfinder")
        #expect(url.username == "way@finder")
        #expect(url.password == "p:ss")
        #expect(url.host == "db.example.com")
        #expect(url.port == 6543)
        #expect(url.database == "links")
        #expect(url.tlsMode == .require)
        #expect(url.schema == "wayfinder")
        let defaults = try PostgresConnectionURL(parsing: "postgresql://app@localhost/links")
        #expect(defaults.port == 5432)
        #expect(defaults.tlsMode == .prefer)
        #expect(defaults.schema == "public")
        #expect(defaults.password == nil)
    }

    @Test(
        "a URL with a wrong part says which part and what would be right",
        arguments: [
            ("postgres://localhost/links", "names no user"),
            ("postgres://app@/links", "names no host"),
            ("postgres://app@localhost", "names no database"),
            (
                "postgres://app@localhost/links?sslmode=maybe",
                "sslmode \"maybe\" is not one of disable, prefer, require, verify-full"
            ),
            ("postgres://app@localhost/links?schema=Bad-Name", "schema \"Bad-Name\" is not a plain name"),
            ("postgres://app@localhost/links?ssl=true", "unknown option \"ssl\""),
        ])
    func invalid(text: String, reason: String) {
        #expect {
            try PostgresConnectionURL(parsing: text)
        } throws: { error in
            guard let error = error as? LinkStoreError, error.code == .invalidDatabaseURL else { return false }
            return error.detail.contains(reason)
        }
    }

    @Test("the password never shows in descriptions, logs or errors")
    func passwordHidden() throws {
        let text = "postgres://app:s3cret@localhost:5432/links"
        #expect(try PostgresConnectionURL(parsing: text).description == "postgres://app:***@localhost:5432/links")
        #expect(try DatabaseURL(parsing: text).description == "postgres://app:***@localhost:5432/links")
        #expect(
            throws: LinkStoreError.invalidDatabaseURL(
                "postgres://app:***@localhost:5432/links?sslmode=no",
                "sslmode \"no\" is not one of disable, prefer, require, verify-full")
        ) {
            try DatabaseURL(parsing: text + "?sslmode=no")
        }
    }

    @Test("opening a store where no server listens fails at once as unavailable")
    func noServer() async throws {
        // Port 9 (discard) on loopback: nothing listens there, the connection is refused.
        await #expect {
            try await PostgresLinkStore.open(url: "postgres://app@127.0.0.1:9/links?sslmode=disable")
        } throws: { error in
            guard let error = error as? LinkStoreError, error.code == .unavailable else { return false }
            return error.detail.contains("127.0.0.1:9")
        }
    }
}
