import Foundation

extension UTMParameters {
    /// `url` with the fields that are set as `utm_*` query parameters: a `utm_*` parameter already
    /// there for a field that is set is replaced (at the end, in ``names`` order); the others, and
    /// the fragment, are kept as they are.
    package func merged(into url: String) -> String {
        guard !isEmpty else { return url }
        var edit = QueryEdit(url)
        let replaced = Set(Self.names.filter { self[$0] != nil }.map { "utm_" + $0 })
        edit.items.removeAll { item in
            let name = QueryEdit.name(of: item)
            return replaced.contains(String(name.removingPercentEncoding ?? String(name)))
        }
        for name in Self.names {
            if let value = self[name] {
                let escaped = value.addingPercentEncoding(withAllowedCharacters: Self.valueCharacters) ?? value
                edit.items.append(Substring("utm_\(name)=\(escaped)"))
            }
        }
        return edit.text
    }

    /// What a query value may hold unescaped: RFC 3986's unreserved characters.
    private static let valueCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension RedirectDecision {
    /// The decision with the link's UTM fields merged into the web URL it sends the visitor to
    /// (the `302`'s location, the preview page's "Continue on the web", an Android intent's
    /// fallback); app-store URLs and
    /// custom-scheme links are left alone.
    package func mergingUTM(_ utm: UTMParameters) -> RedirectDecision {
        guard !utm.isEmpty else { return self }
        func merge(_ url: String) -> String {
            guard let web = WebURL(http: url),
                !LinkPolicy.appStoreHosts.contains(web.host) && !LinkPolicy.playStoreHosts.contains(web.host)
            else { return url }
            return utm.merged(into: url)
        }
        switch self {
        case .redirect(let location):
            return .redirect(merge(location))
        case .preview(var page):
            page.webURL = page.webURL.map(merge)
            if var intent = page.androidIntent {
                intent.fallback = intent.fallback.map(merge)
                page.setAndroidIntent(intent)
            }
            return .preview(page)
        case .intent(var intent):
            // The fallback is the redirect the visit got before the intent: merged as it was.
            intent.fallback = intent.fallback.map(merge)
            return .intent(intent)
        }
    }
}
