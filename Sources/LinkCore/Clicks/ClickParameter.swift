/// `wf_click=<click id>` on a destination that opens the app, so that an app opened straight from
/// a redirect or a page learns its click without asking (manifest `apps.clickParameter`, on by
/// default).
package enum ClickParameter {
    /// The query parameter's name.
    package static let name = "wf_click"

    /// `url` with `wf_click=<value>` added to its query, before any fragment. `value` is a click
    /// id or a page's placeholder for one: text that needs no percent-encoding.
    package static func appending(_ value: String, to url: String) -> String {
        let fragment = url.firstIndex(of: "#")
        let base = fragment.map { url[..<$0] } ?? url[...]
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + name + "=" + value + (fragment.map { url[$0...] } ?? "")
    }
}
