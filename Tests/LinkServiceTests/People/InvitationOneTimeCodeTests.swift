import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import NIOCore
import Testing

/// Accepting an invitation for the email of a person who enrolled a one-time code asks for the
/// code as signing in does: the password alone (confirmed or newly set) accepts nothing, and a
/// missing or wrong code is refused, audited and rate limited like a refused sign-in.
@Suite("Invitations: a person with a one-time code gives it to accept")
struct InvitationOneTimeCodeTests {
    static let tenant = "storyteller"
    static let password = "correct horse battery"

    /// A person with a one-time code enrolled (and a password unless `password` is `nil`), a
    /// member of `chat`, and an invitation of them to storyteller as an editor: its path.
    static func invited(
        _ email: String, password: String?, totp: TOTP, service: TestService, _ client: some TestClientProtocol
    ) async throws -> String {
        let person = Person(
            email: email, passwordHash: try password.map { try PasswordHash.make($0) },
            totpSecret: totp.base32Secret, createdAt: Date())
        #expect(try await service.store.insertPerson(person))
        try await service.store.setMembership(
            Membership(personID: person.id, tenant: "chat", role: .viewer, createdAt: Date()))
        let key = try await service.key(for: tenant)
        return try await PeopleStoryTests.invite(email, as: "editor", key: key, client)
    }

    /// Whether the invitation of `path` is still open and `email` is no member of storyteller.
    static func acceptedNothing(_ path: String, email: String, service: TestService) async throws -> Bool {
        let token = String(path.dropFirst("/admin/invitations/".count))
        let invitation = try #require(try await service.store.invitation(tokenHash: APIKey.hash(token)))
        let person = try #require(try await service.store.person(email: email))
        let memberships = try await service.store.memberships(personID: person.id)
        return invitation.usedAt == nil && !memberships.contains { $0.tenant == tenant }
    }

    static func refusals(of email: String, service: TestService) async throws -> Int {
        try await service.store.auditEntries(
            tenant: tenant, query: AuditQuery(actor: "person:" + email), before: nil, limit: 50
        ).filter { $0.action == .signInRefused }.count
    }

    @Test("a person with a one-time code accepts only with a current code: without it, or a wrong one, nothing")
    func passwordAndCode() async throws {
        let service = try await TestService.make()
        do {
            try await service.server.makeApplication().test(.router) { client in
                let totp = TOTP.generate()
                let email = "ada@example.com"
                let path = try await Self.invited(email, password: Self.password, totp: totp, service: service, client)
                var browser = ConsoleClient(client)
                let page = try await browser.get(path)
                browser.keepCookies(of: page)
                #expect(page.text.contains(#"name="code""#), "the page asks for the one-time code")
                let csrf = try ConsoleClient.csrf(in: page.text)

                let noCode = try await browser.post(path, ["password": Self.password], csrf: csrf)
                #expect(noCode.status == .unauthorized)
                #expect(noCode.text.contains("one-time code"))
                #expect(noCode.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("wayfinder_console=") })
                #expect(try await Self.acceptedNothing(path, email: email, service: service))

                let now = Date()
                let wrongCode = totp.code(at: now.addingTimeInterval(-3600))
                let wrong = try await browser.post(path, ["password": Self.password, "code": wrongCode], csrf: csrf)
                #expect(wrong.status == .unauthorized)
                #expect(try await Self.acceptedNothing(path, email: email, service: service))
                #expect(try await Self.refusals(of: email, service: service) == 2)

                let accepted = try await browser.post(
                    path, ["password": Self.password, "code": totp.code(at: now)], csrf: csrf)
                #expect(accepted.headers[.location] == "/admin/links?done=joined", "\(accepted.text)")
                #expect(try await !Self.acceptedNothing(path, email: email, service: service))
                // The code accepted here is spent: signing in with it again is refused.
                let person = try #require(try await service.store.person(email: email))
                #expect(person.totpLastStep == Int(totp.counter(at: now)))
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test("a person with a one-time code and no password sets none through an invitation without the code")
    func setPasswordNeedsCode() async throws {
        let service = try await TestService.make()
        do {
            try await service.server.makeApplication().test(.router) { client in
                let totp = TOTP.generate()
                let email = "grace@example.com"
                let path = try await Self.invited(email, password: nil, totp: totp, service: service, client)
                var browser = ConsoleClient(client)
                let page = try await browser.get(path)
                browser.keepCookies(of: page)
                #expect(page.text.contains("Set a password") && page.text.contains(#"name="code""#))
                let csrf = try ConsoleClient.csrf(in: page.text)
                let refused = try await browser.post(path, ["password": Self.password], csrf: csrf)
                #expect(refused.status == .unauthorized)
                #expect(try await Self.acceptedNothing(path, email: email, service: service))
                #expect(try await service.store.person(email: email)?.passwordHash == nil, "no password was set")
                #expect(try await Self.refusals(of: email, service: service) == 1)

                let accepted = try await browser.post(
                    path, ["password": Self.password, "code": totp.code(at: Date())], csrf: csrf)
                #expect(accepted.headers[.location] == "/admin/links?done=joined", "\(accepted.text)")
                #expect(try await service.store.person(email: email)?.passwordHash != nil)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test("guessing an invitation's one-time code is rate limited: past the limit even the right code fails")
    func rateLimited() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.consoleSignInRateLimit = RateLimit(requests: 2, per: .seconds(60))
        let service = try await TestService.make(configuration: configuration)
        do {
            try await service.server.makeApplication().test(.router) { client in
                let totp = TOTP.generate()
                let email = "ada@example.com"
                let path = try await Self.invited(email, password: Self.password, totp: totp, service: service, client)
                var browser = ConsoleClient(client)
                let page = try await browser.get(path)
                browser.keepCookies(of: page)
                let csrf = try ConsoleClient.csrf(in: page.text)
                for guess in ["000000", "999999"] where guess != totp.code(at: Date()) {
                    let wrong = try await browser.post(path, ["password": Self.password, "code": guess], csrf: csrf)
                    #expect(wrong.status == .unauthorized)
                }
                let limited = try await browser.post(
                    path, ["password": Self.password, "code": totp.code(at: Date())], csrf: csrf)
                #expect(limited.status == .tooManyRequests)
                #expect(limited.headers[.retryAfter] != nil)
                #expect(try await Self.acceptedNothing(path, email: email, service: service))
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }
}
