import Foundation

/// An app event as a row of ClickHouse's `app_events` (see `ClickHouseSchema`), written as one
/// `JSONEachRow` line into the outbox in the transaction that stores the event, as a click's
/// ``ClickEvent`` is.
///
/// The row carries what stats count (name, link, platform of the click, value and currency,
/// when it happened) and the event's id, which keeps a batch sent twice from counting twice;
/// the customer id and the dedupe key stay in the main database.
package struct AppEventRow: Sendable, Hashable {
    /// The event's id (`ev_…`).
    package var eventID: String
    package var tenant: String
    package var name: String
    /// `""` when the event has no link.
    package var linkID: String
    /// The attributed click's id, `""` when unattributed.
    package var clickID: String
    /// The platform of the attributed click, `""` when none.
    package var platform: String
    /// ``AppEvent/valueMicros``, `0` when none.
    package var valueMicros: Int
    /// `""` when the event has no value.
    package var currency: String
    /// Seconds since 1970 (ClickHouse reads a number into a `DateTime`).
    package var occurredAt: Int
    package var receivedAt: Int

    package init(_ event: AppEvent) {
        eventID = event.id
        tenant = event.tenant
        name = event.name
        linkID = event.linkID ?? ""
        clickID = event.clickID?.text ?? ""
        platform = event.platform?.rawValue ?? ""
        valueMicros = event.valueMicros ?? 0
        currency = event.currency ?? ""
        occurredAt = Self.seconds(event.occurredAt)
        receivedAt = Self.seconds(event.receivedAt)
    }

    /// Whole seconds since 1970, within ClickHouse's `DateTime` (1970 to 2106): an event cannot be
    /// dated outside it (``EventBody``), so the bounds only keep a malformed row from stopping the
    /// shipper.
    private static func seconds(_ date: Date) -> Int {
        min(max(Int(date.timeIntervalSince1970.rounded(.down)), 0), Int(UInt32.max))
    }

    /// Event rows per outbox entry, as ``ClickEvent/linesPerEntry``.
    package static let linesPerEntry = ClickEvent.linesPerEntry

    /// The outbox entries of a batch of stored events: their JSON lines, ``linesPerEntry`` to an
    /// entry.
    package static func entries(of events: [AppEvent]) -> [OutboxPayload] {
        stride(from: 0, to: events.count, by: linesPerEntry).map { start in
            let end = min(start + linesPerEntry, events.count)
            var text = JSONObjectText(capacity: (end - start) * 200)
            for index in start..<end {
                if index > start { text.nextLine() }
                AppEventRow(events[index]).write(to: &text)
            }
            return OutboxPayload(text: text.finished(), lines: end - start)
        }
    }

    /// The row as one compact JSON object, keys sorted, without the members that `JSONEachRow`
    /// fills in for a missing one (an empty string, a zero).
    package var jsonLine: String {
        var text = JSONObjectText(capacity: 200)
        write(to: &text)
        return text.finished()
    }

    /// Writes ``jsonLine``'s members into the object `text` is writing.
    package func write(to text: inout JSONObjectText) {
        text.member("click_id", unlessEmpty: clickID)
        text.member("currency", unlessEmpty: currency)
        text.member("event_id", eventID)
        text.member("link_id", unlessEmpty: linkID)
        text.member("name", name)
        text.member("occurred_at", occurredAt)
        text.member("platform", unlessEmpty: platform)
        text.member("received_at", receivedAt)
        text.member("tenant", tenant)
        text.member("value_micros", unlessZero: valueMicros)
    }
}
