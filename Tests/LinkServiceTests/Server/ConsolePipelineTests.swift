import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import SQLiteNIO
import Testing

/// The console's request pipeline: errors of every kind become console pages, and the sign-in
/// form is protected like every other form.
@Suite("Console pipeline")
struct ConsolePipelineTests {
    @Test(
        "a failing store under /admin answers a console page (HTML, the console's security headers, no-store), never a JSON problem"
    )
    func failingStoreIsAConsolePage() async throws {
        let directory = try TemporaryDirectory()
        let service = try await TestService.make(directory: directory)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            #expect(try await console.get("/admin/links").status == .ok)
            // The database fails under the server: the sessions table is gone.
            let connection = try await SQLiteConnection.open(storage: .file(path: directory.path("links.sqlite")))
            _ = try await connection.query("DROP TABLE console_sessions")
            try await connection.close()

            let page = try await console.get("/admin/links")
            #expect(page.status == .internalServerError)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(page.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.text.contains("Internal error"))
            #expect(!page.text.contains("console_sessions"))
        }
        await service.close()
    }

    @Test("a sign-in from a sandboxed frame (Origin: null) is refused and signs nobody in")
    func signInFromNullOrigin() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            console.extraHeaders[.origin] = "null"
            let response = try await console.signIn(key)
            #expect(response.status == .forbidden)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(console.cookie == nil)
        }
        #expect(try await service.store.deleteSessions(lastUsedBefore: Date().addingTimeInterval(3600)) == 0)
        await service.close()
    }

    @Test(
        "a sign-in needs the token of the sign-in form it came from: without it, or with another, it is 403 and signs nobody in"
    )
    func signInNeedsTheFormsToken() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            // A forged form: no cookie, no token (what a page of another site can send).
            let forged = ConsoleClient(client)
            let blind = try await forged.post("/admin/sign-in", ["key": key], csrf: nil)
            #expect(blind.status == .forbidden)
            #expect(blind.headers[.setCookie]?.hasPrefix("wayfinder_console_sign_in=") == true)
            #expect(blind.text.contains("did not come from this console"))
            #expect(try await forged.post("/admin/sign-in", ["key": key], csrf: "x").status == .forbidden)

            // A browser with the page's cookie, but a token that is not the one of its cookie.
            var browser = ConsoleClient(client)
            let page = try await browser.get("/admin/sign-in")
            let token = try ConsoleClient.csrf(in: page.text)
            let cookie = try #require(page.headers[.setCookie])
            #expect(ConsoleTests.attributes(of: cookie) == ["Path=/admin", "HttpOnly", "SameSite=Strict"])
            browser.keepCookies(of: page)
            let other = String(token.reversed())
            #expect(try await browser.post("/admin/sign-in", ["key": key], csrf: other).status == .forbidden)
            #expect(browser.cookie == nil)
            // The page again keeps the browser's token; with it the sign-in works.
            let again = try await browser.get("/admin/sign-in")
            #expect(again.headers[.setCookie] == nil)
            #expect(try ConsoleClient.csrf(in: again.text) == token)
            let signedIn = try await browser.post("/admin/sign-in", ["key": key], csrf: token)
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers[.location] == "/admin/links")
        }
        #expect(try await service.store.deleteSessions(lastUsedBefore: Date().addingTimeInterval(3600)) == 1)
        await service.close()
    }
}
