import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import NIOCore
import Testing

/// The console's account page: a signed-in person turns one-time codes on (a new secret shown as
/// an `otpauth://` link, a QR code and text, stored only once a current code confirms it) and off
/// (with a current code); CSRF on both forms, both changes audited without the secret.
@Suite("Console: one-time codes on and off from the account page")
struct ConsoleOneTimeCodeTests {
    static let tenant = "storyteller"
    static let password = "a long enough password"

    /// The value of the hidden form field `name` in `html`.
    static func field(_ name: String, in html: String) throws -> String {
        let marker = #"name="\#(name)" value=""#
        let start = try #require(html.range(of: marker), "no field \(name)")
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    /// A browser that signs in as `email` with the password and `code` (none when `nil`); the
    /// response to the sign-in form.
    static func signIn(
        _ email: String, code: String?, _ client: some TestClientProtocol
    ) async throws -> (ConsoleClient, TestResponse) {
        var browser = ConsoleClient(client)
        let page = try await browser.get("/admin/sign-in")
        browser.keepCookies(of: page)
        var fields = ["email": email, "password": password]
        if let code { fields["code"] = code }
        let response = try await browser.post("/admin/sign-in", fields, csrf: try ConsoleClient.csrf(in: page.text))
        browser.keepCookies(of: response)
        return (browser, response)
    }

    /// The tenant's audit entries about `email`'s one-time codes.
    static func entries(_ email: String, service: TestService) async throws -> [AuditEntry] {
        try await service.store.auditEntries(
            tenant: tenant, query: AuditQuery(target: "person:" + email), before: nil, limit: 10)
    }

    @Test("a person turns one-time codes on with a code of the page's new secret; then signing in asks for one")
    func turnOn() async throws {
        let service = try await TestService.make()
        do {
            try await service.server.makeApplication().test(.router) { client in
                let email = "ada@example.com"
                let console = try await MembersTests.person(email, .editor, service: service, client)
                let links = try await console.get("/admin/links")
                #expect(links.text.contains(#"<a class="who" href="/admin/account""#))
                let page = try await console.get("/admin/account")
                #expect(page.status == .ok)
                #expect(page.text.contains("Turn on one-time codes"))
                let secret = try Self.field("secret", in: page.text)
                let totp = TOTP(secret: try #require(Base32.decode(secret)))
                #expect(page.text.contains("otpauth://totp/Wayfinder:ada@example.com?secret=\(secret)&amp;issuer="))
                // The QR code is drawn by the page; every code's path starts with the top-left finder.
                #expect(page.text.contains(#"<div class="totp-qr"><svg"#))
                #expect(page.text.contains(##"<path fill="#000" d="M4 4h7v1h-7z"##))
                #expect(page.text.contains(String(secret.prefix(4)) + " " + String(secret.dropFirst(4).prefix(4))))
                let csrf = try ConsoleClient.csrf(in: page.text)

                // Another page's form, a wrong code, and a key the page did not make store nothing.
                let now = Date()
                let forged = try await console.post(
                    "/admin/account/one-time-code", ["secret": secret, "code": totp.code(at: now)], csrf: nil)
                #expect(forged.status == .forbidden)
                let wrong = try await console.post(
                    "/admin/account/one-time-code", ["secret": secret, "code": totp.code(at: now - 3600)], csrf: csrf)
                #expect(wrong.status == .badRequest)
                #expect(wrong.text.contains("The code is not right"))
                #expect(try Self.field("secret", in: wrong.text) == secret, "the same key is offered again")
                let short = try await console.post(
                    "/admin/account/one-time-code", ["secret": "JBSWY3DPEHPK3PXP", "code": "123456"], csrf: csrf)
                #expect(short.status == .badRequest)
                #expect(try await service.store.person(email: email)?.totpSecret == nil)

                let on = try await console.post(
                    "/admin/account/one-time-code", ["secret": secret, "code": totp.code(at: now)], csrf: csrf)
                #expect(on.headers[.location] == "/admin/account?done=totp-on", "\(on.text)")
                let person = try #require(try await service.store.person(email: email))
                #expect(person.totpSecret == secret)
                #expect(person.totpLastStep == Int(totp.counter(at: now)))
                let after = try await console.get("/admin/account?done=totp-on")
                #expect(after.text.contains("Turn off one-time codes") && !after.text.contains(secret))

                let audited = try await Self.entries(email, service: service)
                #expect(audited.map(\.action) == [.totpEnabled])
                #expect(audited.first?.actor == "person:" + email)
                #expect(audited.first?.changes == [AuditChange(field: "totp", before: "off", after: "on")])
                #expect(!"\(audited)".contains(secret))

                // Signing in now asks for a code; the one used to turn them on is spent.
                #expect(try await Self.signIn(email, code: nil, client).1.status == .unauthorized)
                #expect(try await Self.signIn(email, code: totp.code(at: now), client).1.status == .unauthorized)
                // The next step's code, or the current one's once the clock has passed it: a sign-in
                // under load can take longer than what was left of the step.
                let signedIn = try await Self.signIn(email, code: totp.code(at: max(Date(), now + 30)), client).1
                #expect(signedIn.headers[.location] == "/admin/links", "\(signedIn.text)")
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test("a person turns one-time codes off only with a current code; then the password alone signs in")
    func turnOff() async throws {
        let service = try await TestService.make()
        do {
            try await service.server.makeApplication().test(.router) { client in
                let email = "grace@example.com"
                let totp = TOTP.generate()
                let person = Person(
                    email: email, passwordHash: try PasswordHash.make(Self.password), totpSecret: totp.base32Secret,
                    createdAt: Date())
                #expect(try await service.store.insertPerson(person))
                try await service.store.setMembership(
                    Membership(personID: person.id, tenant: Self.tenant, role: .viewer, createdAt: Date()))
                // Codes are made just before they are sent: the server takes the current step and
                // the ones beside it, and a slow sign-in (a password hash under load) may cross a
                // step's end. The code that turns them off is of a later step than the sign-in's,
                // which is spent.
                let signedInAt = Date()
                let (console, signedIn) = try await Self.signIn(email, code: totp.code(at: signedInAt), client)
                #expect(signedIn.status == .seeOther, "\(signedIn.text)")

                let page = try await console.get("/admin/account")
                #expect(page.text.contains("Turn off one-time codes"))
                #expect(!page.text.contains("otpauth://") && !page.text.contains(totp.base32Secret))
                let csrf = try ConsoleClient.csrf(in: page.text)
                let forged = try await console.post(
                    "/admin/account/one-time-code/remove", ["code": totp.code(at: Date())], csrf: "not-the-token")
                #expect(forged.status == .forbidden)
                let wrong = try await console.post(
                    "/admin/account/one-time-code/remove", ["code": totp.code(at: Date() - 3600)], csrf: csrf)
                #expect(wrong.status == .unauthorized)
                #expect(try await service.store.person(email: email)?.totpSecret == totp.base32Secret)

                let off = try await console.post(
                    "/admin/account/one-time-code/remove", ["code": totp.code(at: max(Date(), signedInAt + 30))],
                    csrf: csrf)
                #expect(off.headers[.location] == "/admin/account?done=totp-off", "\(off.text)")
                #expect(try await service.store.person(email: email)?.totpSecret == nil)
                let audited = try await Self.entries(email, service: service)
                #expect(audited.map(\.action) == [.totpDisabled])
                #expect(!"\(audited)".contains(totp.base32Secret))
                #expect(try await Self.signIn(email, code: nil, client).1.headers[.location] == "/admin/links")
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test("a key's session has no account page and no link to one")
    func keySession() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: Self.tenant)
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            #expect(try await console.signIn(key).status == .seeOther)
            #expect(!(try await console.get("/admin/links").text.contains("/admin/account")))
            #expect(try await console.get("/admin/account").status == .notFound)
            let csrf = try await console.csrf()
            let posted = try await console.post(
                "/admin/account/one-time-code", ["secret": TOTP.generate().base32Secret, "code": "123456"], csrf: csrf)
            #expect(posted.status == .notFound)
        }
        await service.close()
    }
}
