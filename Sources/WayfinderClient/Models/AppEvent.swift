import Foundation

/// Something that happened in the app after a click: an install, an open, a sign-up, a purchase,
/// or an event of the app's own.
///
/// Name the click it followed (``clickID``, from ``ResolvedLink`` or ``DeferredLink``), or the
/// claim token the app found after its install (``claimToken``): the service attributes the event
/// to that click within the tenant's attribution window (7 days by default), never by matching
/// devices. An event that names neither is stored unattributed.
public struct AppEvent: Sendable, Hashable {
    /// The event's name: one of the constants, or the app's own (1 to 64 of `a-z 0-9 _ . -`;
    /// `click`, `clicks`, `claim`, `claims`, `store` and `sent_to_store` are reserved).
    public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The first launch after an install.
        public static let install = Name(rawValue: "install")
        /// The app opened by a link (first open after install included).
        public static let open = Name(rawValue: "open")
        /// The app, already installed, opened again by a link.
        public static let reopen = Name(rawValue: "reopen")
        public static let signup = Name(rawValue: "signup")
        public static let purchase = Name(rawValue: "purchase")
    }

    public var name: Name
    /// The click the resolve call or the claim gave the app.
    public var clickID: String?
    /// The `wf_claim` token the app found after its install: its click, when there is no click id.
    public var claimToken: String?
    /// The slug or short URL of the link the event is about, when no click names one (counted for
    /// the link, not attributed).
    public var link: String?
    /// The app's own id of the person (up to 256 bytes).
    public var customerID: String?
    /// An amount of ``currency``, from 0 to 10^12 (kept to millionths).
    public var value: Double?
    /// ISO 4217, such as `EUR`; given with ``value``.
    public var currency: String?
    /// An event with a key the tenant sent before gets the first one's answer and is not counted
    /// again (an order number makes a purchase safe to send twice).
    public var dedupeKey: String?
    /// When it happened; the service's time of arrival when `nil`.
    public var occurredAt: Date?

    public init(
        _ name: Name, clickID: String? = nil, claimToken: String? = nil, link: String? = nil,
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
