import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// A password-protected link: the API never shows the password, visitors get a form, a right
/// password lets the browser through for a while, a wrong one says so, guesses are limited, and
/// crawlers and `?d=1` never see the destination.
@Suite("Link passwords")
struct PasswordTests {
    static let destination = "https://www.stories.example.com/members/secret-page"
    static let link =
        #"{"destination": "\#(destination)", "slug": "members", "password": "open sesame", "social": {"title": "Members' preview"}}"#

    /// The form's CSRF cookie and token from a page.
    static func csrf(of response: TestResponse) throws -> (cookie: String, token: String) {
        let cookie = try #require(response.headers[.setCookie]).prefix { $0 != ";" }
        let token = try #require(response.text.firstRange(of: #"name="csrf" value=""#)).upperBound
        return (String(cookie), String(response.text[token...].prefix { $0 != "\"" }))
    }

    static func submit(
        _ password: String, csrf: (cookie: String, token: String), via client: some TestClientProtocol
    ) async throws -> TestResponse {
        var headers = HTTPFields.visitor(Agents.desktop)
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.cookie] = csrf.cookie
        let body = "csrf=\(csrf.token)&password=\(password.replacingOccurrences(of: " ", with: "+"))"
        return try await client.execute(
            uri: "/members", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("the API shows passwordProtected, never the password, and keeps it through other changes")
    func writeOnly() async throws {
        try await TestService.withLink(Self.link) { client, key in
            let read = try await client.execute(uri: "/api/v1/links/members", method: .get, headers: .bearer(key))
            #expect(read.json?["passwordProtected"]?.boolValue == true)
            #expect(!read.text.contains("sesame"))
            #expect(read.json?["password"] == nil)
            let retitled = try await client.execute(
                uri: "/api/v1/links/members", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"social": {"title": "New"}}"#))
            #expect(retitled.json?["passwordProtected"]?.boolValue == true)
            let removed = try await client.execute(
                uri: "/api/v1/links/members", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"password": null}"#))
            #expect(removed.json?["passwordProtected"] == nil)
            let open = try await client.execute(uri: "/members", method: .get, headers: .visitor(Agents.desktop))
            #expect(open.headers[.location] == Self.destination)
            let short = try await client.execute(
                uri: "/api/v1/links/members", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"password": "short"}"#))
            #expect(short.status == .badRequest)
            #expect(short.json?[path: "field"] == "password")
        }
    }

    @Test(
        "visitors, crawlers and ?d=1 get the form, never the destination",
        arguments: [
            ("/members", Agents.desktop), ("/members", Agents.iPhone), ("/members", Agents.facebook),
            ("/members?d=1", Agents.desktop),
        ])
    func form(uri: String, agent: String) async throws {
        try await TestService.withLink(Self.link) { client, _ in
            let response = try await client.execute(uri: uri, method: .get, headers: .visitor(agent))
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<label for="link-password">Password</label>"#))
            #expect(html.contains(#"<button class="button" type="submit">Open</button>"#))
            #expect(html.contains("noindex"))
            #expect(html.contains("Members&#39; preview") || html.contains("Members' preview"))
            #expect(!html.contains("secret-page"))
            #expect(response.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
        }
    }

    @Test("a right password sends the browser on and lets it through for a while; a wrong one says so")
    func rightAndWrong() async throws {
        try await TestService.withLink(Self.link) { client, _ in
            let form = try await client.execute(uri: "/members", method: .get, headers: .visitor(Agents.desktop))
            let csrf = try Self.csrf(of: form)
            let wrong = try await Self.submit("open says me", csrf: csrf, via: client)
            #expect(wrong.status == .ok)
            #expect(wrong.text.contains("Wrong password"))
            let right = try await Self.submit("open sesame", csrf: csrf, via: client)
            #expect(right.status == .found)
            #expect(right.headers[.location] == "/members")
            let pass = try #require(right.headers[.setCookie])
            #expect(pass.hasPrefix("wf_p_members="))
            #expect(pass.contains("Path=/members"))
            #expect(pass.contains("HttpOnly"))
            let through = try await client.execute(
                uri: "/members", method: .get,
                headers: .visitor(Agents.desktop) + [.cookie: String(pass.prefix { $0 != ";" })])
            #expect(through.headers[.location] == Self.destination)
            // A forged pass, or a form without its CSRF cookie, does not pass.
            let forged = try await client.execute(
                uri: "/members", method: .get,
                headers: .visitor(Agents.desktop) + [.cookie: "wf_p_members=9999999999.AAAA"])
            #expect(forged.status == .ok)
            let noCookie = try await Self.submit("open sesame", csrf: (cookie: "x=y", token: csrf.token), via: client)
            #expect(noCookie.status == .forbidden)
        }
    }

    @Test(
        "more than 10 wrong passwords from an address for a link are 429 with Retry-After, until the server's clock moves on"
    )
    func rateLimited() async throws {
        let time = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        try await TestService.withLink(Self.link, clock: time.clock) { client, _ in
            let form = try await client.execute(uri: "/members", method: .get, headers: .visitor(Agents.desktop))
            let csrf = try Self.csrf(of: form)
            for _ in 0..<10 {
                #expect(try await Self.submit("nope nope", csrf: csrf, via: client).status == .ok)
            }
            let limited = try await Self.submit("open sesame", csrf: csrf, via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(!limited.text.contains("secret-page"))
            // The budget refills by the server's clock, not the wall clock: a minute later (one
            // guess earned back) the right password goes through.
            time.advance(by: .seconds(61))
            #expect(try await Self.submit("open sesame", csrf: csrf, via: client).status == .found)
        }
    }

    @Test("scrypt hashes are salted and verify only their password")
    func hashes() throws {
        let first = try PasswordHash.make("correct horse")
        let second = try PasswordHash.make("correct horse")
        #expect(first != second)
        #expect(first.hasPrefix("scrypt$14$8$1$"))
        #expect(PasswordHash.verify("correct horse", against: first))
        #expect(!PasswordHash.verify("correct horsf", against: first))
        #expect(!PasswordHash.verify("correct horse", against: "scrypt$30$8$1$AA$AA"))
    }
}
