/// The answer to one visit.
package enum RedirectDecision: Sendable, Hashable {
    /// `302 Found` to this URL (never `301`: browsers cache it and later clicks go uncounted).
    case redirect(String)
    /// `200` with the preview page.
    case preview(PreviewPage)
    /// `302 Found` to the intent's `intent:` URI: Android opens the installed app, the browser
    /// otherwise goes to the intent's fallback (where a plain redirect went before).
    case intent(AndroidIntent)
}
