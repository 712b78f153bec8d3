import DeepLinkRouting

extension LinkPolicy {
    /// Checks that every web URL a link stores (destination, fallbacks, `expiredURL`, the rules'
    /// and variants' own, the iPad fallback) is `https` on the default port, unless the manifest
    /// allows its origin (``Manifest/allowsLinkOrigin(scheme:host:port:)``, `"linkOrigins"`):
    /// plain http is a downgrade anyone on the way can read and rewrite, and a port on an
    /// allowed host reaches another service there. Custom-scheme deep links are not web URLs.
    ///
    /// Only what is written is checked: links stored before this rule keep redirecting, and a
    /// change to such a link (`previous`) may keep the URLs it already had.
    package func checkOrigins(_ content: LinkContent, previous: LinkContent? = nil) throws(FieldError) {
        let kept = Set(previous.map(Self.urls)?.compactMap(\.url) ?? [])
        for case (let field, let text?) in Self.urls(content) where !kept.contains(text) {
            guard let url = WebURL(http: text) else { continue }
            let port = url.port.flatMap { Int($0) }
            if url.port != nil, port == nil {
                throw FieldError(field, "\"\(text)\" has no valid port", code: .insecureURL)
            }
            guard !tenant.manifest.allowsLinkOrigin(scheme: url.scheme, host: url.host, port: port) else { continue }
            let origin = Manifest.LinkOrigin(scheme: url.scheme, host: url.host, port: port)
            throw FieldError(
                field,
                "\"\(text)\" uses \(origin); links use https on the default port (https://\(url.host)), unless the manifest's \"linkOrigins\" lists \"\(origin)\"",
                code: .insecureURL)
        }
    }

    /// Every web URL field of `content`, named by its JSON path.
    private static func urls(_ content: LinkContent) -> [(field: String, url: String?)] {
        var urls: [(field: String, url: String?)] = [("destination", content.destination)]
        urls += fallbackURLs(content.fallbacks, at: "")
        urls.append(("expiredURL", content.expiredURL))
        urls.append(("firebase.ipadFallback", content.firebase?.ipadFallback))
        for (index, rule) in content.rules.enumerated() {
            urls.append(("rules[\(index)].destination", rule.destination))
            urls += fallbackURLs(rule.fallbacks, at: "rules[\(index)].")
        }
        for (index, variant) in content.variants.enumerated() {
            urls.append(("variants[\(index)].destination", variant.destination))
            urls += fallbackURLs(variant.fallbacks, at: "variants[\(index)].")
        }
        return urls
    }

    private static func fallbackURLs(_ fallbacks: Fallbacks?, at prefix: String) -> [(field: String, url: String?)] {
        [
            (prefix + "fallbacks.ios", fallbacks?.ios), (prefix + "fallbacks.android", fallbacks?.android),
            (prefix + "fallbacks.desktop", fallbacks?.desktop),
        ]
    }
}
