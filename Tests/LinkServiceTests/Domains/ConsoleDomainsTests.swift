import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import LinkStorage
import Testing

/// The console's Domains page: adding a runtime domain, its record, removing it (refused while
/// links live on it, or moving them), and the health badge, through the router as a browser
/// posts its forms.
@Suite("Console domains page")
struct ConsoleDomainsTests {
    @Test(
        "Add domain stores a pending domain and the page shows the TXT record to create; a name that is no host name is refused next to the field; a form without the session's token changes nothing"
    )
    func addDomain() async throws {
        try await TestService.withConsole { console, service, _ in
            let page = try await console.get("/admin/domains")
            #expect(page.status == .ok)
            #expect(page.text.contains(">Add domain</button>"))
            #expect(page.text.contains("share.stories.example.com"))
            let token = try ConsoleClient.csrf(in: page.text)

            let added = try await console.post("/admin/domains", ["domain": "Go.Stories.Test."], csrf: token)
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/admin/domains?done=domain-added")
            let domain = try #require(try await service.store.domain(named: "go.stories.test"))
            #expect(domain.status == .pending)
            let listed = try await console.get("/admin/domains?done=domain-added").text
            #expect(listed.contains("_wayfinder-challenge.go.stories.test"))
            #expect(listed.contains(domain.token))
            #expect(listed.contains(#"<span class="badge status-pending">pending</span>"#))
            #expect(listed.contains(#"action="/admin/domains/go.stories.test/verify""#))
            #expect(listed.contains("The domain is added"))

            let refused = try await console.post("/admin/domains", ["domain": "not a host"], csrf: token)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"id="domain-error""#))
            #expect(refused.text.contains(#"value="not a host""#))

            let taken = try await console.post("/admin/domains", ["domain": "stories.example.com"], csrf: token)
            #expect(taken.status == .conflict)
            #expect(taken.text.contains("already one of your domains"))

            let forged = try await console.post("/admin/domains", ["domain": "forged.stories.test"], csrf: nil)
            #expect(forged.status == .forbidden)
            #expect(try await service.store.domain(named: "forged.stories.test") == nil)
        }
    }

    @Test(
        "Remove is refused while links live on the domain, saying how many and offering the tenant's other domains; moving them removes it"
    )
    func removeWithLinks() async throws {
        try await TestService.withConsole { console, service, _ in
            let token = try await console.csrf(from: "/admin/domains")
            _ = try await console.post("/admin/domains", ["domain": "go.stories.test"], csrf: token)
            var domain = try #require(try await service.store.domain(named: "go.stories.test"))
            // What a TXT look-up that found the token stores.
            domain.status = .verified
            domain.verifiedAt = Date()
            #expect(try await service.store.updateDomain(domain))
            try await service.server.domainVerifier.refreshServed()
            let now = Date()
            _ = try await service.store.insertLink(
                Link(
                    id: UUID().uuidString.lowercased(), tenant: "storyteller", domain: "go.stories.test", slug: "tale",
                    content: LinkContent(destination: "https://stories.example.com/story/42"), createdAt: now,
                    updatedAt: now))

            let refused = try await console.post("/admin/domains/go.stories.test/remove", [:], csrf: token)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("1 link is on go.stories.test, so it was not removed."))
            #expect(refused.text.contains(#"<label for="move-2">Move its links to</label>"#))
            #expect(refused.text.contains("<option>stories.example.com</option>"))
            #expect(try await service.store.domain(named: "go.stories.test") != nil)

            let moved = try await console.post(
                "/admin/domains/go.stories.test/remove", ["moveLinksTo": "stories.example.com"], csrf: token)
            #expect(moved.status == .seeOther)
            #expect(moved.headers[.location] == "/admin/domains?done=domain-removed")
            #expect(try await service.store.domain(named: "go.stories.test") == nil)
            #expect(try await service.store.link(tenant: "storyteller", slug: "tale")?.domain == "stories.example.com")
            #expect(service.server.tenants.runtimeDomains.isEmpty)
        }
    }

    @Test("each checked domain shows a health badge with its failing checks and since when")
    func healthBadge() async throws {
        try await TestService.withConsole { console, service, _ in
            let since = Date(timeIntervalSince1970: 1_780_000_000)
            try await service.store.recordDomainHealth(
                DomainHealth(
                    domain: "stories.example.com", tenant: "storyteller", state: .failing,
                    failures: [.init(check: "aasa", rule: "status", detail: "answered 404 instead of 200")],
                    since: since, checkedAt: since),
                event: nil)
            let page = try await console.get("/admin/domains").text
            #expect(page.contains(#"<span class="badge health-failing">failing</span>"#))
            #expect(page.contains("aasa status: answered 404 instead of 200"))
            #expect(page.contains("since \(ISO8601.string(from: since))"))
        }
    }
}
