/// The answer to one visit.
package enum RedirectDecision: Sendable, Hashable {
    /// `302 Found` to this URL (never `301`: browsers cache it and later clicks go uncounted).
    case redirect(String)
    /// `200` with the preview page.
    case preview(PreviewPage)
}
