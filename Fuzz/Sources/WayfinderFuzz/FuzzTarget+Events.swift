import DeepLinkRouting
import Foundation
import LinkCore

extension FuzzTarget {
    /// The body of `POST /api/v1/events`: what an app key sends most often. An accepted event
    /// has a name of the pattern, a known currency with a value from 0 to 10^12, and a click id of
    /// 22 characters.
    static let events = FuzzTarget(name: "events") { bytes in
        guard let node = try? JSONParser(maximumDepth: 8).parse(bytes[...]) else { return }
        guard let events = try? EventBody.events(in: node, now: Date(timeIntervalSince1970: 1_790_000_000)) else {
            return
        }
        precondition(!events.isEmpty && events.count <= EventBody.maximumEvents)
        for event in events {
            precondition(AppEventName.problem(with: event.name) == nil)
            precondition(event.currency.map(Currency.isKnown) ?? true)
            precondition(event.value.map { $0 >= 0 && $0 <= EventBody.maximumValue } ?? true)
            precondition((event.value == nil) == (event.currency == nil))
            precondition(event.clickID.map { $0.text.utf8.count == ClickID.textLength } ?? true)
        }
    }
}
