import Foundation

extension UTMParameters {
    /// `url` with the fields that are set as `utm_*` query parameters: a `utm_*` parameter already
    /// there for a field that is set is replaced (at the end, in ``names`` order); the others, and
    /// the fragment, are kept as they are.
    package func merged(into url: String) -> String {
        guard !isEmpty else { return url }
        var base = Substring(url)
        var fragment: Substring = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = base[hash...]
            base = base[..<hash]
        }
        var query: [Substring] = []
        if let mark = base.firstIndex(of: "?") {
            query = base[base.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true)
            base = base[..<mark]
        }
        let replaced = Set(Self.names.filter { self[$0] != nil }.map { "utm_" + $0 })
        var kept = query.filter { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return !replaced.contains(String(name.removingPercentEncoding ?? String(name)))
        }.map(String.init)
        for name in Self.names {
            if let value = self[name] {
                kept.append(
                    "utm_\(name)=\(value.addingPercentEncoding(withAllowedCharacters: Self.valueCharacters) ?? value)")
            }
        }
        return base + "?" + kept.joined(separator: "&") + fragment
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
