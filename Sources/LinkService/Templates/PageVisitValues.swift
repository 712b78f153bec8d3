import LinkCore

/// The values one visit splices into a page rendered once (``SplicedPage``), one per
/// ``PageSlot``.
///
/// Every value is text that HTML escaping and URL percent-encoding leave as it is (base64url or
/// letters and digits): that is what lets one rendered text serve every visit, where the
/// placeholder stood in an attribute, a URL or a query parameter alike.
package struct PageVisitValues: Sendable {
    package var nonce: String
    package var claimToken: String?
    package var csrf: String?
    package var clickID: String?

    package init(nonce: String = "", claimToken: String? = nil, csrf: String? = nil, clickID: String? = nil) {
        self.nonce = nonce
        self.claimToken = claimToken
        self.csrf = csrf
        self.clickID = clickID
    }

    package subscript(slot: PageSlot) -> String? {
        switch slot {
        case .nonce: nonce
        case .claimToken: claimToken
        case .csrf: csrf
        case .clickID: clickID
        }
    }

    /// Whether `value` reads the same after HTML escaping and percent-encoding.
    package static func isInert(_ value: String) -> Bool {
        Base64URL.isInAlphabet(value)
    }
}
