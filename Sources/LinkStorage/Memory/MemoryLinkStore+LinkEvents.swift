import Foundation
import LinkCore

extension MemoryLinkStore {
    package func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts {
        // As the SQL stores: a link ID of another tenant counts nothing.
        guard hasLink(id: linkID, tenant: tenant) else { return LinkEventCounts() }
        let start = LinkEventCounts.start(ofDay: days)
        var counts = LinkEventCounts()
        for click in clicks where click.linkID == linkID && !click.isBot && click.time >= start.date {
            counts.clicks[click.platform.rawValue, default: 0] += 1
        }
        for claim in claims.values
        where claim.linkID == linkID && claim.tenant.utf8.elementsEqual(tenant.utf8) && claim.claimedAt >= start.date {
            counts.claims[claim.platform?.rawValue ?? "", default: 0] += 1
        }
        for event in storedEvents
        where event.linkID == linkID && event.tenant == tenant && event.occurredAt >= start.date
            && [AppEventName.install, AppEventName.open, AppEventName.reopen].contains(event.name)
        {
            counts.appEvents[event.name, default: [:]][event.platform?.rawValue ?? "", default: 0] += 1
        }
        return counts
    }
}
