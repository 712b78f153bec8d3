import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("link.clicked payloads")
struct WebhookClickPayloadTests {
    @Test("a flush's click events, with each link written once, are exactly what the general event writer writes")
    func sameTextAsTheGeneralWriter() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let links = ["spring", "autumn"].map { slug in
            Link(
                id: "id-" + slug, tenant: "storyteller", domain: "stories.example.com", slug: slug,
                content: LinkContent(destination: "https://stories.example.com/\(slug)?a=\"q\"&b=é"),
                createdAt: start, updatedAt: start)
        }
        let clicks = (0..<6).map { index in
            Click(
                linkID: links[index % 2].id, tenant: "storyteller", time: start.addingTimeInterval(Double(index)),
                platform: index % 3 == 0 ? .ios : .android, os: "OS \(index)", browser: index == 4 ? nil : "Browser",
                referrerHost: index == 2 ? "news.example.com" : nil, isBot: index == 5,
                country: index == 1 ? "DE" : nil, rule: index == 3 ? 2 : nil, variant: index == 4 ? 1 : nil,
                inApp: index == 2 ? .instagram : nil)
        }
        var events = WebhookPayload.ClickEvents()
        for (index, click) in clicks.enumerated() {
            let link = links[index % 2]
            let event = events.event(click, of: link)
            let general = WebhookPayload.body(
                .linkClicked, at: click.time,
                data: JSONNode.object(["link": LinkJSON.node(link), "click": Self.clickNode(click)]))
            #expect(event.payload == general)
            #expect(event.type == .linkClicked && event.tenant == "storyteller" && event.createdAt == click.time)
            #expect(event.id.hasPrefix("msg_") && event.id.count == 30)
        }
    }

    @Test("a click from an in-app browser names its app as inApp; a system browser's click has no inApp")
    func inAppNamed() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let link = Link(
            id: "id-spring", tenant: "storyteller", domain: "stories.example.com", slug: "spring",
            content: LinkContent(destination: "https://stories.example.com/spring"), createdAt: start, updatedAt: start)
        func click(_ app: InAppBrowser?) throws -> JSONNode {
            var events = WebhookPayload.ClickEvents()
            let click = Click(
                linkID: link.id, tenant: link.tenant, time: start, platform: .ios, os: "iOS",
                browser: app?.name ?? "Safari",
                referrerHost: nil, isBot: false, inApp: app)
            let payload = try JSONParser().parse(events.event(click, of: link).payload)
            return try #require(payload["data"]?["click"])
        }
        #expect(try click(.instagram)[path: "inApp"] == "Instagram")
        #expect(try click(.googleApp)[path: "inApp"] == "Google app")
        #expect(try click(nil)["inApp"] == nil)
    }

    /// The `click` member as Documentation/Webhooks.md lists it, built as a JSON tree.
    static func clickNode(_ click: Click) -> JSONNode {
        var members: [JSONNode.Member] = []
        for (key, value) in [
            ("at", ISO8601.string(from: click.time)), ("platform", click.platform.rawValue), ("os", click.os),
            ("browser", click.browser), ("inApp", click.inApp?.name), ("referrer", click.referrerHost),
            ("country", click.country),
        ] {
            if let value { members.append(.init(key: key, value: JSONNode(.string(value)))) }
        }
        members.append(.init(key: "bot", value: JSONNode(.bool(click.isBot))))
        if let rule = click.rule { members.append(.init(key: "rule", value: JSONNode(.number(String(rule))))) }
        if let variant = click.variant {
            members.append(.init(key: "variant", value: JSONNode(.number(String(variant)))))
        }
        return JSONNode(.object(members))
    }
}
