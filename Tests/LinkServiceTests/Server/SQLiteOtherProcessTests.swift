import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

/// A live server on a SQLite file that another process writes too (`wayfinder import`, `wayfinder
/// keys revoke` beside a running server), played by a second store on the same file.
@Suite("Another process on the server's SQLite file")
struct SQLiteOtherProcessTests {
    @Test(
        "a link another process creates, changes or deletes in the file is served so within seconds, though cached links have no lifetime"
    )
    func changesOfAnotherProcessAreServed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("links.sqlite")
        let served = try await SQLiteLinkStore.open(path: path)
        let other = try await SQLiteLinkStore.open(path: path)
        var configuration = LinkServiceConfiguration(port: 0)
        // Only following the file's changes can make the server notice in time.
        configuration.linkCacheLifetime = .seconds(3600)
        let server = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: served)
        let first = "https://www.local.example.com/first"
        let second = "https://www.local.example.com/second"
        @Sendable func link(_ destination: String) -> Link {
            Link(
                id: "id-shared", tenant: "local", domain: "localhost", slug: "shared",
                content: LinkContent(destination: destination), createdAt: Date(), updatedAt: Date())
        }
        try await server.makeApplication().testLive { client in
            // The server learns that "shared" does not exist and keeps that.
            #expect(try await LocalTenant.location(of: "shared", via: client) == nil)
            _ = try await other.insertLink(link(first))
            #expect(
                try await eventually(within: .seconds(20)) {
                    try await LocalTenant.location(of: "shared", via: client) == first
                })
            #expect(try await other.updateLink(link(second)))
            #expect(
                try await eventually(within: .seconds(20)) {
                    try await LocalTenant.location(of: "shared", via: client) == second
                })
            #expect(try await other.deleteLink(tenant: "local", slug: "shared"))
            #expect(
                try await eventually(within: .seconds(20)) {
                    try await LocalTenant.location(of: "shared", via: client) == nil
                })
        }
        try await other.close()
        try await served.close()
    }
}
