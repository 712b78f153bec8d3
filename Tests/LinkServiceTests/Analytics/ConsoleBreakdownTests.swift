import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The console's link page with the analytics engine's sections: a table per breakdown with a
/// bar per row, only when ClickHouse answered.
@Suite("Console breakdowns")
struct ConsoleBreakdownTests {
    @Test("with ClickHouse's breakdowns the link page shows visitors, countries, browsers, OS and hours")
    func shown() throws {
        let html = try PageRenderer().render(ConsoleLinkPage.example)
        for text in [
            "From ClickHouse: 2 unique visitors", "Visitors by day", "Countries", "<td>DE</td>", "Browsers",
            "Operating systems", "Hours of the day (UTC)", "<td>09:00</td>", "<td>17:00</td>",
        ] {
            #expect(html.contains(text), "missing \(text)")
        }
        // DE has the most clicks: the longest bar; FR half of it.
        #expect(html.contains(#"width="100" height="8""#))
        #expect(html.contains(#"width="50" height="8""#))
    }

    @Test("from the rollups the sections are left out")
    func hiddenOnRollups() throws {
        var page = ConsoleLinkPage.example
        page.hasBreakdowns = false
        page.breakdowns = []
        let html = try PageRenderer().render(page)
        #expect(!html.contains("Countries"))
        #expect(!html.contains("From ClickHouse"))
    }
}
