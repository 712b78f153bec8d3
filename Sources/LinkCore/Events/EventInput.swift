import DeepLinkRouting
import Foundation

/// One event as the app sent it, every field checked (``EventBody``), before attribution.
package struct EventInput: Sendable, Hashable {
    package var name: String
    package var clickID: ClickID?
    /// A claim token's text (`wf_claim`): its signature is checked when the event is attributed.
    package var claimToken: String?
    /// A short URL or slug of the tenant's link.
    package var link: String?
    package var customerID: String?
    package var value: Double?
    package var currency: String?
    package var dedupeKey: String?
    package var occurredAt: Date?

    /// A value with every stored property given.
    package init(
        name: String, clickID: ClickID? = nil, claimToken: String? = nil, link: String? = nil,
        customerID: String? = nil, value: Double? = nil, currency: String? = nil, dedupeKey: String? = nil,
        occurredAt: Date? = nil
    ) {
        self.name = name
        self.clickID = clickID
        self.claimToken = claimToken
        self.link = link
        self.customerID = customerID
        self.value = value
        self.currency = currency
        self.dedupeKey = dedupeKey
        self.occurredAt = occurredAt
    }
}
