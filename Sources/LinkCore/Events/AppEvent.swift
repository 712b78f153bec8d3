import Foundation

/// Something an app reports after a click (`POST /api/v1/events`): an install, an open, a
/// purchase, or a name of the app's own, attributed to the click that brought it when the app
/// could name one within the tenant's attribution window.
package struct AppEvent: Sendable, Hashable {
    /// `ev_` and 22 base64url characters, made when the event is accepted.
    package var id: String
    package var tenant: String
    /// ``AppEventName``: a standard name or the app's own.
    package var name: String
    /// The click the event is attributed to; `nil` when unattributed.
    package var clickID: ClickID?
    /// The link of the attributed click, or the link the event named itself (`link`); `nil` when
    /// neither.
    package var linkID: String?
    /// The platform of the attributed click (FDL's `linkStats` count per platform).
    package var platform: Platform?
    package var customerID: String?
    /// A non-negative amount of ``currency``.
    package var value: Double?
    /// ISO 4217, given with ``value``.
    package var currency: String?
    package var dedupeKey: String?
    package var occurredAt: Date
    package var receivedAt: Date

    /// Whether a click was found for the event (within the attribution window).
    package var attributed: Bool { clickID != nil }

    /// A value with every stored property given.
    package init(
        id: String, tenant: String, name: String, clickID: ClickID? = nil, linkID: String? = nil,
        platform: Platform? = nil, customerID: String? = nil, value: Double? = nil, currency: String? = nil,
        dedupeKey: String? = nil,
        occurredAt: Date, receivedAt: Date
    ) {
        self.id = id
        self.tenant = tenant
        self.name = name
        self.clickID = clickID
        self.linkID = linkID
        self.platform = platform
        self.customerID = customerID
        self.value = value
        self.currency = currency
        self.dedupeKey = dedupeKey
        self.occurredAt = occurredAt
        self.receivedAt = receivedAt
    }

    /// ``value`` in millionths, as stores keep it (sums stay exact).
    package var valueMicros: Int? { value.map { Int(($0 * 1_000_000).rounded()) } }

    /// A fresh event id: `ev_`, the time in milliseconds as 12 hex digits, then 22 random
    /// base64url characters.
    ///
    /// The time first makes ids of one moment sort together, so that the store's primary key
    /// grows at its end: with random ids every insert landed at a random page of the index, and
    /// the write rate fell as the table grew (on SQLite, from 26,000 events/s written into an
    /// empty table to 9,000 a million rows later). The random part keeps ids unguessable.
    package static func makeID(at time: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, time.millisecondsSince1970))
        let hex = String(milliseconds, radix: 16)
        let random = Base64URL.encode(SecureRandom.bytes(ClickID.byteCount))
        return "ev_" + String(repeating: "0", count: max(0, 12 - hex.utf8.count)) + hex + random
    }
}
