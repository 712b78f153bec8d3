/// A value of a redirect-path page that differs per visit. A page rendered once per link holds a
/// placeholder for each (``PagePlaceholders``); every visit splices its own values in
/// (``SplicedPage``).
package enum PageSlot: Int, CaseIterable, Sendable {
    /// The Content-Security-Policy nonce of the page's inline style and script.
    case nonce
    /// A deferred deep link's claim token (iOS "Get the app", Android's Play Store referrer).
    case claimToken
    /// A password form's CSRF token.
    case csrf
    /// The click's id on the page's ways into the app (`wf_click`).
    case clickID
}
