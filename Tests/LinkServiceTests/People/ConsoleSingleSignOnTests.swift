import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import Testing

/// The console's single sign-on paths against a real provider on loopback: who gets in (an
/// allowed email domain joins as a viewer) and each refusal a page that says why, with no
/// session and an audit entry.
@Suite(
    "Console single sign-on",
    .enabled(if: OIDCTestProvider.isAvailable, Comment(rawValue: OIDCTestProvider.skipNote)))
struct ConsoleSingleSignOnTests {
    static let users = [
        "ada": ["email": "ada@example.com", "email_verified": "true"],
        "eve": ["email": "eve@elsewhere.example", "email_verified": "true"],
    ]

    /// Runs `body` with a provider and a service that signs in through it.
    static func withService(
        allowing domains: [String: [String]] = [:],
        _ body: @Sendable (TestService, any TestClientProtocol) async throws -> Void
    ) async throws {
        let provider = try await OIDCTestProvider.start(users: users)
        defer { provider.stop() }
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.oidcIssuer = provider.issuer
        configuration.oidcClientID = "wayfinder-console"
        configuration.oidcClientSecret = "console-secret"
        configuration.oidcRedirectURI = "http://127.0.0.1:9/admin/sso/callback"
        configuration.allowedEmailDomains = domains
        let service = try await TestService.make(configuration: configuration)
        do {
            try await service.server.makeApplication().test(.router) { client in try await body(service, client) }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    /// The callback's answer after `subject` approves at the provider; `keepingCookie: false`
    /// plays a callback that reaches another browser.
    static func signIn(
        as subject: String, _ console: inout ConsoleClient, keepingCookie: Bool = true
    ) async throws -> TestResponse {
        let start = try await console.get("/admin/sso")
        #expect(start.status == .seeOther)
        if keepingCookie { console.keepCookies(of: start) }
        let callback = try await SignInBrowser.approve(try #require(start.headers[.location]), as: subject)
        let query = OIDCRelyingParty.formEncoded(callback.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        return try await console.get("/admin/sso/callback?" + query)
    }

    static func opensNoSession(_ response: TestResponse) {
        #expect(response.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("wayfinder_console=") })
    }

    @Test("a person with no invitation and no allowed domain is refused with a page saying why, and no session")
    func noInvitation() async throws {
        try await Self.withService { service, client in
            var console = ConsoleClient(client)
            let refused = try await Self.signIn(as: "eve", &console)
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("has no invitation"))
            Self.opensNoSession(refused)
            let entries = try await service.store.auditEntries(
                tenant: "", query: AuditQuery(actor: "person:eve@elsewhere.example"), before: nil, limit: 5)
            #expect(entries.map(\.action) == [.signInRefused])
        }
    }

    @Test("a callback that reaches another browser (no cookie of the sign-in) is refused")
    func otherBrowser() async throws {
        try await Self.withService { _, client in
            var console = ConsoleClient(client)
            let refused = try await Self.signIn(as: "ada", &console, keepingCookie: false)
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("another browser"))
            Self.opensNoSession(refused)
        }
    }

    @Test("a replayed callback (its state used) is refused")
    func replayed() async throws {
        try await Self.withService(allowing: ["storyteller": ["example.com"]]) { _, client in
            var console = ConsoleClient(client)
            let start = try await console.get("/admin/sso")
            console.keepCookies(of: start)
            let callback = try await SignInBrowser.approve(try #require(start.headers[.location]), as: "ada")
            let query = OIDCRelyingParty.formEncoded(callback.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            #expect(try await console.get("/admin/sso/callback?" + query).status == .seeOther)
            let again = try await console.get("/admin/sso/callback?" + query)
            #expect(again.status == .forbidden)
            #expect(again.text.contains("unknown or was used already"))
            Self.opensNoSession(again)
        }
    }

    @Test("a person of an allowed email domain joins that tenant as a viewer")
    func allowedDomain() async throws {
        try await Self.withService(allowing: ["storyteller": ["example.com"]]) { service, client in
            var console = ConsoleClient(client)
            let joined = try await Self.signIn(as: "ada", &console)
            #expect(joined.headers[.location] == "/admin/links?done=joined", "\(joined.text)")
            console.keepCookies(of: joined)
            #expect(try await console.get("/admin/links").text.contains("ada@example.com (viewer)"))
            let person = try #require(try await service.store.person(email: "ada@example.com"))
            #expect(try await service.store.memberships(personID: person.id).map(\.role) == [.viewer])
        }
    }

    @Test("without a provider configured there is no single sign-on")
    func notConfigured() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            #expect(try await client.execute(uri: "/admin/sso", method: .get).status == .notFound)
            let page = try await client.execute(uri: "/admin/sign-in", method: .get)
            #expect(!page.text.contains("single sign-on"))
        }
        await service.close()
    }
}
