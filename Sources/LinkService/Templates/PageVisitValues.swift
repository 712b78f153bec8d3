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

    package init(nonce: String = "", claimToken: String? = nil, csrf: String? = nil) {
        self.nonce = nonce
        self.claimToken = claimToken
        self.csrf = csrf
    }

    package subscript(slot: PageSlot) -> String? {
        switch slot {
        case .nonce: nonce
        case .claimToken: claimToken
        case .csrf: csrf
        }
    }

    /// Whether `value` reads the same after HTML escaping and percent-encoding.
    package static func isInert(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }
}
