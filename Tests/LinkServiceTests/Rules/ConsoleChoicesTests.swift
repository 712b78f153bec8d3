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

/// The console's link page lists the link's rules and A/B variants and draws clicks per rule and
/// per variant on the server, with the counts as a table.
@Suite("Console rules and variants")
struct ConsoleChoicesTests {
    static let web = "https://www.stories.example.com/story"

    @Test("the link page shows each rule and variant and the clicks each decided")
    func linkPage() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlush = .synchronous
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "\#(Self.web)", "slug": "ab", "rules": [{"name": "German speakers", "when": [{"language": "de"}], "destination": "\#(Self.web)/de"}], "variants": [{"destination": "\#(Self.web)/a", "weight": 30}, {"destination": "\#(Self.web)/b", "weight": 70}]}"#
                ))
            try #require(created.status == .created)
            var german = HTTPFields.visitor(Agents.desktop)
            german[.acceptLanguage] = "de-DE"
            for _ in 0..<3 { _ = try await client.execute(uri: "/ab", method: .get, headers: german) }
            var second = HTTPFields.visitor(Agents.desktop)
            second[.cookie] = "wf_v_ab=1"
            for _ in 0..<2 { _ = try await client.execute(uri: "/ab", method: .get, headers: second) }

            var console = ConsoleClient(client)
            try await console.signIn(key)
            let page = try await console.get("/admin/links/ab").text
            #expect(page.contains("<strong>Rule 1 “German speakers”</strong>: when language de, to \(Self.web)/de"))
            #expect(page.contains("<strong>Variant A (30%)</strong>: to \(Self.web)/a"))
            #expect(page.contains(#"<h2 id="rule-clicks-heading">Clicks by rule</h2>"#))
            #expect(page.contains(#"<h2 id="variant-clicks-heading">Clicks by variant</h2>"#))
            #expect(page.contains(#"<tr><td>Rule 1 “German speakers”</td><td class="number">3</td>"#))
            #expect(page.contains(#"<tr><td>Variant A (30%)</td><td class="number">0</td>"#))
            #expect(page.contains(#"<tr><td>Variant B (70%)</td><td class="number">2</td>"#))
            #expect(page.contains(#"<svg class="share""#))
        }
        await service.close()
    }
}

/// The new-link form's UTM builder: the server shows the final URL after "Show final URL" (nothing
/// created) and on the link page after a save; the fields are the API's `utm`.
@Suite("Console UTM builder")
struct ConsoleUTMBuilderTests {
    static let web = "https://www.stories.example.com/story?ref=x&utm_source=old"

    @Test("Show final URL answers the form with the merged URL and creates nothing; Create link stores utm")
    func builder() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let blank = try await console.get("/admin/new-link").text
            #expect(blank.contains(#"<label for="utmSource">UTM source</label>"#))
            #expect(blank.contains("Type a destination."))
            let fields = [
                "destination": Self.web, "slug": "utm", "utmSource": "mail", "utmCampaign": "spring sale",
            ]
            let preview = try await console.post("/admin/links", fields.merging(["preview": "1"]) { $1 }, csrf: token)
            #expect(preview.status == .ok)
            let merged =
                "https://www.stories.example.com/story?ref=x&amp;utm_source=mail&amp;utm_campaign=spring%20sale"
            #expect(preview.text.contains(merged))
            #expect(preview.text.contains(#"value="spring sale""#))
            #expect(try await service.store.link(tenant: "storyteller", slug: "utm") == nil)

            let created = try await console.post("/admin/links", fields, csrf: token)
            #expect(created.status == .seeOther)
            let link = try #require(try await service.store.link(tenant: "storyteller", slug: "utm"))
            #expect(link.content.utm == UTMParameters(source: "mail", campaign: "spring sale"))
            let page = try await console.get("/admin/links/utm").text
            #expect(page.contains("<dt>Final URL</dt><dd class=\"url\">\(merged)</dd>"))
            // The visit goes where the form said.
            let visit = try await client.execute(uri: "/utm", method: .get, headers: .visitor(Agents.desktop))
            #expect(visit.headers[.location] == merged.replacingOccurrences(of: "&amp;", with: "&"))
        }
        await service.close()
    }
}

/// The link form's rule and variant editor, without JavaScript: plain fields, the API's problems
/// next to the field their JSON path names, and what is saved is what the API stores.
@Suite("Console rule editor")
struct ConsoleRuleEditorTests {
    static let web = "https://www.stories.example.com/story"

    @Test("a rule is added, a bad condition is shown at its field, and the saved rule is on the link")
    func addRule() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let blank = try await console.get("/admin/new-link").text
            #expect(blank.contains(#"<legend>Rule 1</legend>"#))
            #expect(blank.contains(#"<label for="rule0-when0-type">Condition 1 of rule 1</label>"#))
            #expect(blank.contains(#"<legend>Variant B</legend>"#))
            var fields = [
                "destination": Self.web, "slug": "r", "rules-count": "1", "rule0-conditions": "2",
                "rule0-name": "Germans", "rule0-destination": Self.web + "/de",
                "rule0-when0-type": "language", "rule0-when0-value": "de",
                "rule0-when1-type": "country", "rule0-when1-value": "DE, Germany",
                "variants-count": "2",
            ]
            // "Add condition" shows the form again with one more condition, nothing stored.
            let more = try await console.post(
                "/admin/links", fields.merging(["add-condition": "0"]) { $1 }, csrf: token)
            #expect(more.status == .ok)
            #expect(more.text.contains(#"id="rule0-when2-value""#))
            #expect(more.text.contains(#"value="DE, Germany""#))
            #expect(try await service.store.link(tenant: "storyteller", slug: "r") == nil)

            let bad = try await console.post("/admin/links", fields, csrf: token)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains(#"<p class="field-error" id="rule0-when1-error">"#))
            #expect(bad.text.contains("not an ISO 3166-1 alpha-2 country code"))
            #expect(try await service.store.link(tenant: "storyteller", slug: "r") == nil)

            fields["rule0-when1-value"] = "DE, AT"
            fields["variant0-destination"] = Self.web + "/a"
            fields["variant0-weight"] = "60"
            fields["variant1-destination"] = Self.web + "/b"
            fields["variant1-weight"] = "30"
            let weights = try await console.post("/admin/links", fields, csrf: token)
            #expect(weights.status == .badRequest)
            #expect(weights.text.contains(#"id="variants-error""#))
            fields["variant1-weight"] = "40"
            let created = try await console.post("/admin/links", fields, csrf: token)
            #expect(created.status == .seeOther)
            let link = try #require(try await service.store.link(tenant: "storyteller", slug: "r"))
            #expect(
                link.content.rules == [
                    RedirectRule(
                        name: "Germans", conditions: [.language(["de"]), .country(["DE", "AT"])],
                        destination: Self.web + "/de")
                ])
            #expect(link.content.variants.map(\.weight) == [60, 40])
            let page = try await console.get("/admin/links/r").text
            #expect(page.contains("<strong>Rule 1 “Germans”</strong>: when language de and country DE or AT"))
        }
        await service.close()
    }

    @Test("the edit form shows the stored rules; position reorders, Remove drops, and a save keeps the rest")
    func reorderAndRemove() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "\#(Self.web)", "slug": "e", "rules": [{"name": "one", "when": [{"query": "ref", "equals": "mail"}], "destination": "\#(Self.web)/1"}, {"name": "two", "when": [{"query": "x", "valueless": true}], "fallbacks": {"android": "\#(Self.web)/2"}}, {"name": "three", "when": [{"ip": "203.0.113.0/24"}], "destination": "\#(Self.web)/3"}]}"#
                ))
            try #require(created.status == .created)
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let edit = try await console.get("/admin/links/e/edit").text
            #expect(edit.contains(#"value="ref=mail""#))
            #expect(edit.contains(#"value="x=""#))
            #expect(edit.contains(#"id="rule1-android" name="rule1-android" type="url" value="\#(Self.web)/2""#))
            #expect(edit.contains(#"<legend>Rule 4</legend>"#))
            let saved = try await console.post(
                "/admin/links/e",
                [
                    "destination": Self.web, "rules-count": "4",
                    "rule0-name": "one", "rule0-position": "3", "rule0-destination": Self.web + "/1",
                    "rule0-conditions": "1", "rule0-when0-type": "query", "rule0-when0-value": "ref=mail",
                    "rule1-name": "two", "rule1-position": "2", "rule1-android": Self.web + "/2", "rule1-remove": "on",
                    "rule1-conditions": "1", "rule1-when0-type": "query", "rule1-when0-value": "x=",
                    "rule2-name": "three", "rule2-position": "1", "rule2-destination": Self.web + "/3",
                    "rule2-conditions": "1", "rule2-when0-type": "ip", "rule2-when0-value": "203.0.113.0/24",
                    "rule3-conditions": "1", "rule3-when0-type": "device", "rule3-when0-value": "",
                    "variants-count": "2",
                ],
                csrf: token)
            #expect(saved.status == .seeOther)
            let link = try #require(try await service.store.link(tenant: "storyteller", slug: "e"))
            #expect(link.content.rules.map(\.name) == ["three", "one"])
            #expect(link.content.rules.last?.conditions == [.query(name: "ref", match: .equals("mail"))])
        }
        await service.close()
    }
}
