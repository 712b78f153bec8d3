import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The stored form of a flush's `link.clicked` events for one endpoint.
@Suite("link.clicked batches")
struct WebhookClickBatchTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a batch reads back as the bodies the general event writer writes, each link stored once")
    func roundTrip() throws {
        // Tabs, line breaks and quotes in a link's fields are escaped by compact JSON, so they
        // cannot break the batch's lines and fields.
        let links = ["spring\tbreak", "autumn\nfall"].map { slug in
            Link(
                id: "id-" + slug, tenant: "storyteller", domain: "stories.example.com", slug: slug,
                content: LinkContent(
                    destination: "https://stories.example.com/\(slug)?a=\"q\"&b=é",
                    social: SocialCard(title: "A\ttitle\r\nover lines", description: nil, imageURL: nil)),
                createdAt: Self.start, updatedAt: Self.start)
        }
        let clicks = (0..<7).map { index in
            Click(
                linkID: links[index % 2].id, tenant: "storyteller", time: Self.start.addingTimeInterval(Double(index)),
                platform: index % 3 == 0 ? .ios : .android, os: "OS\t\(index)", browser: index == 4 ? nil : "Browser",
                referrerHost: index == 2 ? "news.example.com" : nil, isBot: index == 5,
                country: index == 1 ? "DE" : nil,
                rule: index == 3 ? 2 : nil, variant: index == 4 ? 1 : nil)
        }
        var writer = WebhookPayload.ClickEvents()
        let events = clicks.enumerated().map { writer.part($1, of: links[$0 % 2]) }
        var batch = WebhookClickBatch.Writer()
        for event in events { batch.append(event) }
        #expect(batch.count == clicks.count)
        let text = batch.text
        #expect(WebhookClickBatch.isBatch(text))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("L\t") }.count == 2)

        let read = try WebhookClickBatch.events(in: text)
        #expect(read.map(\.id) == events.map(\.id))
        #expect(Set(read.map(\.id)).count == clicks.count)
        for (index, click) in clicks.enumerated() {
            let general = WebhookPayload.body(
                .linkClicked, at: click.time,
                data: JSONNode.object([
                    "link": LinkJSON.node(links[index % 2]), "click": WebhookClickPayloadTests.clickNode(click),
                ]))
            #expect(read[index].payload == general)
        }
    }

    @Test(
        "stored text this build does not write is refused with the line that is wrong",
        arguments: [
            ("", 1), ("wayfinder-click-batch 1\n", 1), ("{\"type\":\"link.clicked\"}", 1),
            ("wayfinder-click-batch 1\nE\tmsg_a\t0\t\"t\"\t{}\n", 2),
            ("wayfinder-click-batch 1\nL\t{}\nE\tmsg_a\t1\t\"t\"\t{}\n", 3),
            ("wayfinder-click-batch 1\nL\t{}\nE\tid.a\t0\t\"t\"\t{}\n", 3),
            ("wayfinder-click-batch 1\nL\t{}\nE\tmsg_a\t0\tt\t{}\n", 3),
            ("wayfinder-click-batch 1\nL\t{}\nE\tmsg_a\t0\t\"t\"\t{}\textra\n", 3),
            ("wayfinder-click-batch 1\nL\t{}\n\nE\tmsg_a\t0\t\"t\"\t{}\n", 3),
            ("wayfinder-click-batch 1\nL\t[]\n", 2),
        ])
    func refusesUnknownText(stored: String, line: Int) {
        #expect(throws: WebhookClickBatch.ReadError.self) { try WebhookClickBatch.events(in: stored) }
        do {
            _ = try WebhookClickBatch.events(in: stored)
        } catch {
            #expect(error.line == line, "\(error)")
        }
    }
}
