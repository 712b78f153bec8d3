import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Browsers hold every redirect after a form's submission to the page's `form-action`: the
/// password form allows https, so the right password's `302` back to the link can go on to the
/// link's destination (Chromium blocked it under `'self'` alone; Tests/Browser/test_rules.py).
@Suite("Password form CSP")
struct PasswordFormActionTests {
    @Test("the password form's form-action allows the onward https redirect; other pages stay 'self' or 'none'")
    func formAction() async throws {
        let web = "https://www.stories.example.com/story"
        try await TestService.withLink(
            #"{"destination": "\#(web)", "slug": "locked", "password": "correct horse"}"#
        ) { client, _ in
            let form = try await client.execute(uri: "/locked", method: .get, headers: .visitor(Agents.desktop))
            let policy = try #require(form.headers[.contentSecurityPolicy])
            #expect(policy.contains("form-action 'self' https:"))
            let debug = try await client.execute(uri: "/nothing-here", method: .get, headers: .visitor(Agents.desktop))
            #expect(debug.headers[.contentSecurityPolicy]?.contains("form-action 'none'") == true)
        }
    }
}
