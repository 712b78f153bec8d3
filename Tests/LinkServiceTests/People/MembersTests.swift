import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import NIOCore
import Testing

/// The members API and the console's "Members", "Audit log" and tenant switcher: the last owner
/// stays, only owners touch owners, a role's missing permissions are absent from its pages and
/// refused by the server, and a person's sessions follow their memberships.
@Suite("Members: API, console pages, roles")
struct MembersTests {
    static let tenant = "storyteller"

    /// A person stored with `role` in each of `tenants`, and a browser signed in as them with a
    /// password.
    static func person(
        _ email: String, _ role: Role, in tenants: [String] = [tenant], service: TestService,
        _ client: some TestClientProtocol
    ) async throws -> ConsoleClient {
        let person = Person(
            email: email, passwordHash: try PasswordHash.make("a long enough password"), createdAt: Date())
        #expect(try await service.store.insertPerson(person))
        for tenant in tenants {
            try await service.store.setMembership(
                Membership(personID: person.id, tenant: tenant, role: role, createdAt: Date()))
        }
        var console = ConsoleClient(client)
        let page = try await console.get("/admin/sign-in")
        console.keepCookies(of: page)
        let response = try await console.post(
            "/admin/sign-in", ["email": email, "password": "a long enough password"],
            csrf: try ConsoleClient.csrf(in: page.text))
        #expect(response.status == .seeOther, "\(response.text)")
        console.keepCookies(of: response)
        return console
    }

    static func call(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, key: String,
        _ body: String? = nil
    ) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: method, headers: .bearer(key), body: body.map { ByteBuffer(string: $0) })
    }

    @Test("the API lists members, refuses to demote or remove the last owner (409), and changes other roles")
    func lastOwnerStays() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: Self.tenant)
        try await service.server.makeApplication().test(.router) { client in
            _ = try await Self.person("ada@example.com", .owner, service: service, client)
            let list = try await Self.call(client, .get, "/api/v1/members", key: key)
            #expect(list.status == .ok)
            let members = list.json?["members"]?.arrayValue ?? []
            #expect(members.count == 1)
            #expect(members.first?[path: "role"] == "owner")
            #expect(members.first?[path: "email"] == "ada@example.com")
            let demote = try await Self.call(
                client, .patch, "/api/v1/members/ada@example.com", key: key, #"{"role": "admin"}"#)
            #expect(demote.status == .conflict)
            #expect(demote.json?[path: "type"] == "urn:wayfinder:problem:last-owner")
            let remove = try await Self.call(client, .delete, "/api/v1/members/ada%40example.com", key: key)
            #expect(remove.status == .conflict)
            #expect(
                try await Self.call(client, .delete, "/api/v1/members/nobody@example.com", key: key).status == .notFound
            )
            let bad = try await Self.call(
                client, .post, "/api/v1/members/invitations", key: key, #"{"email": "nobody", "role": "editor"}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.json?[path: "field"] == "email")
            let badRole = try await Self.call(
                client, .post, "/api/v1/members/invitations", key: key, #"{"email": "a@example.com", "role": "boss"}"#)
            #expect(badRole.json?[path: "field"] == "role")

            _ = try await Self.person("grace@example.com", .owner, service: service, client)
            let demoted = try await Self.call(
                client, .patch, "/api/v1/members/ada@example.com", key: key, #"{"role": "admin"}"#)
            #expect(demoted.status == .ok)
            #expect(demoted.json?[path: "role"] == "admin")
            #expect(
                try await Self.call(client, .delete, "/api/v1/members/ada@example.com", key: key).status == .noContent)
            let entries = try await service.store.auditEntries(
                tenant: Self.tenant, query: AuditQuery(target: "member:ada@example.com"), before: nil, limit: 10)
            #expect(entries.map(\.action) == [.memberRemoved, .memberRoleChanged])
            #expect(entries.last?.changes == [AuditChange(field: "role", before: "owner", after: "admin")])
        }
        await service.close()
    }

    @Test("two owners demoted over the API at once: one answer is 200, the other 409 last-owner, and an owner stays")
    func lastOwnerRace() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: Self.tenant)
        try await service.server.makeApplication().test(.router) { client in
            _ = try await Self.person("ada@example.com", .owner, service: service, client)
            _ = try await Self.person("grace@example.com", .owner, service: service, client)
            let people = [
                try #require(try await service.store.person(email: "ada@example.com")),
                try #require(try await service.store.person(email: "grace@example.com")),
            ]
            for round in 0..<10 {
                for person in people {
                    try await service.store.setMembership(
                        Membership(personID: person.id, tenant: Self.tenant, role: .owner, createdAt: Date()))
                }
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for person in people {
                        group.addTask {
                            round.isMultiple(of: 2)
                                ? try await Self.call(
                                    client, .patch, "/api/v1/members/\(person.email)", key: key, #"{"role": "viewer"}"#
                                ).status
                                : try await Self.call(client, .delete, "/api/v1/members/\(person.email)", key: key)
                                    .status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == .conflict }.count == 1, "round \(round): \(statuses)")
                let owners = try await service.store.memberships(tenant: Self.tenant).filter { $0.role == .owner }
                #expect(owners.count == 1, "round \(round)")
            }
        }
        await service.close()
    }

    @Test("an admin invites and changes roles in the console, but owners are an owner's to touch")
    func adminInConsole() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            _ = try await Self.person("owner@example.com", .owner, service: service, client)
            let admin = try await Self.person("admin@example.com", .admin, service: service, client)
            let page = try await admin.get("/admin/members")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"href="/admin/members""#) && page.text.contains(#"href="/admin/audit""#))
            #expect(!page.text.contains(#"<option value="owner""#))
            #expect(!page.text.contains("/admin/members/owner@example.com/remove"))
            let csrf = try ConsoleClient.csrf(in: page.text)
            let invited = try await admin.post(
                "/admin/members/invitations", ["email": "new@example.com", "role": "viewer"], csrf: csrf)
            #expect(invited.status == .created)
            #expect(invited.text.contains("/admin/invitations/wfi_"))
            let promote = try await admin.post(
                "/admin/members/invitations", ["email": "boss@example.com", "role": "owner"], csrf: csrf)
            #expect(promote.status == .forbidden)
            let demote = try await admin.post(
                "/admin/members/owner@example.com/role", ["role": "viewer"], csrf: csrf)
            #expect(demote.status == .forbidden)
            #expect(demote.text.contains("owner"))
            let ownRole = try await admin.post("/admin/members/admin@example.com/role", ["role": "editor"], csrf: csrf)
            #expect(ownRole.headers[.location] == "/admin/members?done=role-changed")
            // The new role counts from the next request: the members page is now refused.
            #expect(try await admin.get("/admin/members").status == .forbidden)

            let audit = try await Self.person("auditor@example.com", .owner, service: service, client)
            let log = try await audit.get("/admin/audit?actor=person:admin@example.com")
            #expect(log.status == .ok)
            #expect(log.text.contains("member.invited") && log.text.contains("member.role-changed"))
            #expect(log.text.contains("console.access-refused"))
            #expect(!log.text.contains("person:owner@example.com</td>"))
            #expect(try await audit.get("/admin/audit?since=yesterday").status == .badRequest)
        }
        await service.close()
    }

    @Test("a viewer's pages show no New link, Edit or Delete, and the server refuses them")
    func viewerPages() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: Self.tenant)
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(ConsoleTests.web)", "slug": "seen"}"#))
            let viewer = try await Self.person("viewer@example.com", .viewer, service: service, client)
            let links = try await viewer.get("/admin/links")
            #expect(links.status == .ok)
            #expect(!links.text.contains("New link"))
            let link = try await viewer.get("/admin/links/seen")
            #expect(link.status == .ok)
            #expect(!link.text.contains("/admin/links/seen/edit") && !link.text.contains("/admin/links/seen/delete"))
            #expect(try await viewer.get("/admin/new-link").status == .forbidden)
            let delete = try await viewer.post("/admin/links/seen/delete", [:], csrf: try await viewer.csrf())
            #expect(delete.status == .forbidden)
            #expect(try await service.store.link(tenant: Self.tenant, slug: "seen") != nil)
        }
        await service.close()
    }

    @Test("a person in two tenants switches between them; removed from one, its session ends")
    func tenantSwitcher() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            var both = try await Self.person(
                "both@example.com", .editor, in: ["chat", "storyteller"], service: service, client)
            let links = try await both.get("/admin/links")
            #expect(links.text.contains(#"<span class="tenant" title="Signed in for this app">chat</span>"#))
            #expect(links.text.contains(#"<option value="storyteller">"#))
            let switched = try await both.post(
                "/admin/switch-tenant", ["tenant": "storyteller"], csrf: try ConsoleClient.csrf(in: links.text))
            #expect(switched.headers[.location] == "/admin/links?done=switched")
            both.keepCookies(of: switched)
            #expect(try await both.get("/admin/links").text.contains(">storyteller</span>"))
            let elsewhere = try await both.post(
                "/admin/switch-tenant", ["tenant": "other"], csrf: try await both.csrf())
            #expect(elsewhere.status == .notFound)
            let person = try #require(try await service.store.person(email: "both@example.com"))
            #expect(try await service.store.deleteMembership(personID: person.id, tenant: "storyteller"))
            #expect(try await both.get("/admin/links").headers[.location] == "/admin/sign-in")
        }
        await service.close()
    }

    @Test("once a person exists the console takes no API key, unless WAYFINDER_CONSOLE_KEY_SIGN_IN says so")
    func keySignInSetting() async throws {
        for setting in [nil, true] as [Bool?] {
            var configuration = LinkServiceConfiguration(port: 0)
            configuration.consoleKeySignIn = setting
            let service = try await TestService.make(configuration: configuration)
            let key = try await service.key(for: Self.tenant)
            try await service.server.makeApplication().test(.router) { client in
                var before = ConsoleClient(client)
                #expect(try await before.signIn(key).status == .seeOther)
                _ = try await Self.person("ada@example.com", .owner, service: service, client)
                var after = ConsoleClient(client)
                let response = try await after.signIn(key)
                #expect(response.status == (setting == true ? .seeOther : .forbidden), "\(String(describing: setting))")
            }
            await service.close()
        }
        #expect(
            try LinkServiceConfiguration.allowedEmailDomains("storyteller=Example.com example.org;chat=corp.example")
                == ["storyteller": ["example.com", "example.org"], "chat": ["corp.example"]])
    }
}
