extension ClickID {
    /// The query parameter that hands an app the click that opened it: `wf_click=<id>`.
    package static let parameter = "wf_click"

    /// `url` with `wf_click=<id>` last in its query, before the fragment; a `wf_click` already
    /// there is replaced, so a destination copied from an earlier visit names this click only.
    /// `id` is base64url (or a page's placeholder of letters and digits): nothing to escape.
    package static func adding(_ id: String, to url: String) -> String {
        var edit = QueryEdit(url)
        edit.items.removeAll { QueryEdit.name(of: $0) == parameter }
        edit.items.append(Substring(parameter + "=" + id))
        return edit.text
    }
}
