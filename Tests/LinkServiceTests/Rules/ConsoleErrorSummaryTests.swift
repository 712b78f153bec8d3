import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import Testing

/// A refused link form is long (text fields, UTM, rules, A/B split): it opens with a summary of
/// every problem, each linking to its field, which the console's script focuses.
@Suite("Console error summary")
struct ConsoleErrorSummaryTests {
    static let web = "https://www.stories.example.com/story"

    @Test("a refused form lists each problem at the top, linking to its field, and opens the fallbacks that hold one")
    func summaryLinksToFields() async throws {
        try await TestService.withConsole { console, service, key in
            let token = try await console.csrf()
            let blank = try await console.get("/admin/new-link").text
            #expect(!blank.contains("data-error-summary"))
            #expect(!blank.contains("<details open>"))
            var fields = [
                "destination": Self.web, "slug": "de", "rules-count": "1", "rule0-conditions": "1",
                "rule0-name": "Germans", "rule0-destination": Self.web + "/de",
                "rule0-when0-type": "country", "rule0-when0-value": "Germany",
            ]
            let refused = try await console.post("/admin/links", fields, csrf: token)
            #expect(refused.status == .badRequest)
            let page = refused.text
            let opening = try #require(page.range(of: "data-error-summary"))
            let closing = try #require(page[opening.upperBound...].range(of: "</div>"))
            let summary = String(page[opening.lowerBound..<closing.lowerBound])
            // Above the form, so that it is the first thing on the refused page.
            #expect(opening.lowerBound < page.range(of: #"class="card link-form""#)!.lowerBound)
            #expect(page.contains(#"role="alert" tabindex="-1""#))
            #expect(summary.contains("1 problem to fix"))
            #expect(summary.contains(##"<a href="#rule0-when0-value">Condition 1 of rule 1: "##))
            #expect(page.contains(#"id="rule0-when0-value""#))
            #expect(!page.contains("<details open>"))

            fields["rule0-when0-value"] = "DE"
            fields["rule0-ios"] = "https://evil.example/ios"
            let fallback = try await console.post("/admin/links", fields, csrf: token).text
            #expect(fallback.contains(##"<a href="#rule0-ios">iOS fallback of rule 1: "##))
            #expect(fallback.contains(#"id="rule0-ios""#))
            // The section that holds the refused field is open, the others closed.
            #expect(fallback.contains("<details open>\n<summary>Fallbacks of rule 1</summary>"))
            #expect(fallback.contains("<details>\n<summary>Fallbacks of variant A</summary>"))

            fields["rule0-ios"] = nil
            fields["slug"] = "v1"
            let slug = try await console.post("/admin/links", fields, csrf: token).text
            #expect(slug.contains(##"<a href="#slug">Slug: the slug &quot;v1&quot; is reserved"##))
            #expect(try await service.store.link(tenant: "storyteller", slug: "v1") == nil)
        }
    }

    @Test(
        "UTM, rules and the A/B split start closed, and open when they hold a value or a problem, or a rule was just added"
    )
    func optionalSectionsOpenWhenTheyMatter() async throws {
        try await TestService.withConsole { console, service, key in
            let token = try await console.csrf()
            let utm = "<details class=\"form-section\">\n<summary>UTM parameters</summary>"
            let rules = "<details class=\"form-section\" id=\"rules-section\">"
            let variants = "<details class=\"form-section\" id=\"variants-section\">"
            let blank = try await console.get("/admin/new-link").text
            for closed in [utm, rules, variants] { #expect(blank.contains(closed), "\(closed)") }

            let base = [
                "destination": Self.web, "slug": "sections", "rules-count": "1", "rule0-conditions": "1",
                "variants-count": "2",
            ]
            let added = try await console.post("/admin/links", base.merging(["add-rule": "1"]) { $1 }, csrf: token)
            #expect(added.text.contains(#"<details class="form-section" id="rules-section" open>"#))
            #expect(added.text.contains(variants))

            let refused = try await console.post(
                "/admin/links",
                base.merging(["destination": "not a url", "utmSource": "newsletter", "variant0-weight": "50"]) { $1 },
                csrf: token)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("<details class=\"form-section\" open>\n<summary>UTM parameters</summary>"))
            #expect(refused.text.contains(#"<details class="form-section" id="variants-section" open>"#))
            #expect(refused.text.contains(rules))
        }
    }
}
