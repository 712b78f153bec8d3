import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import NIOCore
import Testing

/// Issue #43's story over HTTP, through the router: an owner's key invites a person, who accepts
/// through the single sign-on provider (PyPI's `oidc-provider-mock` on loopback) or with a
/// password and a one-time code, edits links as an editor, is refused what an editor may not do,
/// and finds every step in the audit log with themselves as the actor.
@Suite("People: invited, signed in, limited by their role, audited")
struct PeopleStoryTests {
    static let tenant = "storyteller"

    static func invite(
        _ email: String, as role: String, key: String, _ client: some TestClientProtocol
    ) async throws -> String {
        let response = try await client.execute(
            uri: "/api/v1/members/invitations", method: .post, headers: .bearer(key),
            body: ByteBuffer(string: #"{"email": "\#(email)", "role": "\#(role)"}"#))
        #expect(response.status == .created, "\(response.text)")
        let url = try #require(response.json?[path: "url"])
        #expect(response.json?[path: "expiresAt"] != nil)
        let path = try #require(URLComponents(string: url)?.path)
        #expect(path.hasPrefix("/admin/invitations/wfi_"))
        return path
    }

    /// An editor's part of the story: makes a link, is refused the webhooks and members pages and
    /// their forms, and the audit log holds it all with `actor`.
    static func editorStory(
        _ console: ConsoleClient, service: TestService, actor: String, slug: String
    ) async throws {
        let links = try await console.get("/admin/links")
        #expect(links.status == .ok)
        #expect(links.text.contains("New link"))
        #expect(!links.text.contains(#"href="/admin/webhooks""#) && !links.text.contains(#"href="/admin/members""#))
        let csrf = try await console.csrf()
        let created = try await console.post(
            "/admin/links", ["destination": ConsoleTests.web, "slug": slug, "domain": "stories.example.com"],
            csrf: csrf)
        #expect(created.headers[.location] == "/admin/links/\(slug)?done=created")
        for path in ["/admin/webhooks", "/admin/members", "/admin/audit", "/admin/domains"] {
            let page = try await console.get(path)
            #expect(page.status == .forbidden, "\(path)")
            #expect(page.text.contains("Your role does not allow this"), "\(path)")
        }
        let form = try await console.post(
            "/admin/webhooks", ["url": "https://hooks.example.com/", "event-link.created": "on"], csrf: csrf)
        #expect(form.status == .forbidden)
        #expect(try await service.store.webhookEndpoints(tenant: tenant).isEmpty)

        let entries = try await service.store.auditEntries(
            tenant: tenant, query: AuditQuery(actor: actor), before: nil, limit: 50)
        let actions = Set(entries.map(\.action))
        #expect(actions.isSuperset(of: [.memberJoined, .signedIn, .linkCreated, .accessRefused]), "\(actions)")
        #expect(entries.contains { $0.action == .linkCreated && $0.target == "link:" + slug })
        #expect(entries.allSatisfy { $0.address != nil })
    }

    @Test(
        "invited, signed in through the provider, an editor makes a link, is refused admin pages, all audited",
        .enabled(if: OIDCTestProvider.isAvailable, Comment(rawValue: OIDCTestProvider.skipNote)))
    func singleSignOnStory() async throws {
        let provider = try await OIDCTestProvider.start(
            users: ["ada": ["email": "ada@example.com", "email_verified": "true"]])
        defer { provider.stop() }
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.oidcIssuer = provider.issuer
        configuration.oidcClientID = "wayfinder-console"
        configuration.oidcClientSecret = "console-secret"
        configuration.oidcRedirectURI = "http://127.0.0.1:9/admin/sso/callback"
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: Self.tenant)
        do {
            try await service.server.makeApplication().test(.router) { client in
                let invitation = try await Self.invite("Ada@Example.com", as: "editor", key: key, client)
                var console = ConsoleClient(client)
                let page = try await console.get(invitation)
                #expect(page.status == .ok)
                #expect(page.text.contains("Sign in with single sign-on") && page.text.contains("Set a password"))
                let token = String(invitation.dropFirst("/admin/invitations/".count))
                let start = try await console.get("/admin/sso?invitation=\(token)")
                #expect(start.status == .seeOther)
                console.keepCookies(of: start)
                let callback = try await SignInBrowser.approve(try #require(start.headers[.location]), as: "ada")
                let query = OIDCRelyingParty.formEncoded(callback.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                let signedIn = try await console.get("/admin/sso/callback?" + query)
                #expect(signedIn.status == .seeOther, "\(signedIn.text)")
                #expect(signedIn.headers[.location] == "/admin/links?done=joined")
                console.keepCookies(of: signedIn)
                #expect(try await console.get("/admin/links").text.contains("ada@example.com (editor)"))

                // The invitation is used: neither the page nor the provider's way takes it again.
                #expect(try await ConsoleClient(client).get(invitation).status == .gone)
                try await Self.editorStory(
                    console, service: service, actor: "person:ada@example.com", slug: "ada-sso")
                let invited = try await service.store.auditEntries(
                    tenant: Self.tenant, query: AuditQuery(target: "member:ada@example.com"), before: nil, limit: 10)
                #expect(Set(invited.map(\.action)) == [.memberInvited, .memberJoined])
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test("invited, a password set and a one-time code enrolled, an editor makes a link, is refused admin pages")
    func passwordStory() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: Self.tenant)
        do {
            try await service.server.makeApplication().test(.router) { client in
                let invitation = try await Self.invite("grace@example.com", as: "editor", key: key, client)
                var console = ConsoleClient(client)
                let page = try await console.get(invitation)
                console.keepCookies(of: page)
                let csrf = try ConsoleClient.csrf(in: page.text)
                let short = try await console.post(invitation, ["password": "too short"], csrf: csrf)
                #expect(short.status == .badRequest)
                #expect(short.text.contains("12 to 128 characters"))
                let accepted = try await console.post(invitation, ["password": "correct horse battery"], csrf: csrf)
                #expect(accepted.headers[.location] == "/admin/links?done=joined", "\(accepted.text)")
                #expect(
                    try await console.post(invitation, ["password": "correct horse battery"], csrf: csrf).status
                        == .gone)

                // A second factor enrolled (the console's enrolment page is still to come).
                var person = try #require(try await service.store.person(email: "grace@example.com"))
                let totp = TOTP.generate()
                person.totpSecret = totp.base32Secret
                #expect(try await service.store.updatePerson(person))

                var browser = ConsoleClient(client)
                let signInPage = try await browser.get("/admin/sign-in")
                browser.keepCookies(of: signInPage)
                #expect(!signInPage.text.contains("API key"), "a person exists: key sign-in is off by default")
                let token = try ConsoleClient.csrf(in: signInPage.text)
                let credentials = ["email": "grace@example.com", "password": "correct horse battery"]
                let noCode = try await browser.post("/admin/sign-in", credentials, csrf: token)
                #expect(noCode.status == .unauthorized)
                #expect(noCode.text.contains("one-time code"))
                let wrong = try await browser.post(
                    "/admin/sign-in", ["email": "grace@example.com", "password": "not her password!"], csrf: token)
                #expect(wrong.status == .unauthorized)
                #expect(wrong.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("wayfinder_console=") })
                var withCode = credentials
                withCode["code"] = totp.code(at: Date())
                let signedIn = try await browser.post("/admin/sign-in", withCode, csrf: token)
                #expect(signedIn.headers[.location] == "/admin/links", "\(signedIn.text)")
                browser.keepCookies(of: signedIn)
                // The same code is not good twice.
                var again = ConsoleClient(client)
                again.cookies = ["wayfinder_console_sign_in": token]
                #expect(try await again.post("/admin/sign-in", withCode, csrf: token).status == .unauthorized)

                try await Self.editorStory(
                    browser, service: service, actor: "person:grace@example.com", slug: "grace-password")
                let refused = try await service.store.auditEntries(
                    tenant: Self.tenant, query: AuditQuery(actor: "person:grace@example.com"), before: nil, limit: 50
                ).filter { $0.action == .signInRefused }
                #expect(refused.count == 3)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }
}
