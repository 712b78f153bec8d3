import DeepLinkRouting

/// A Firebase Dynamic Links long link (`https://<domain>/?link=…&apn=…&ifl=…`), read so that
/// links already shared keep working after the domain moves to Wayfinder.
///
/// `link` must be a valid destination of the tenant (as for a created link); fallbacks
/// (`afl`, `ifl`, `ipfl`, `ofl`) are kept only when ``LinkPolicy`` allows them, so a long link
/// cannot turn the domain into an open redirect. `apn`, `ibi`, `ipbi`, `ius`, `isi`, `amv`,
/// `imv` name the app and its versions, which the manifest already says: they are read and
/// ignored. `efr=1` skips the preview; `st`, `sd`, `si` are the social card; `utm_*` the campaign.
struct FirebaseLongLink: Sendable {
    static let parameterNames: Set<String> = [
        "link", "apn", "afl", "amv", "ibi", "ifl", "ius", "ipfl", "ipbi", "isi", "imv", "efr", "ofl", "st", "sd", "si",
    ]

    /// The visit target, or `nil` when `link` is missing or not a destination of the tenant.
    static func target(query: (String) -> String?, visitedURL: String, policy: LinkPolicy) -> RedirectTarget? {
        guard let link = query("link"), (try? policy.destination(link, field: "link")) != nil else { return nil }
        var target = RedirectTarget(url: visitedURL, destination: link, destinationIsWeb: policy.isWebPage(link))
        func fallback(_ name: String, stores: Set<String>) -> String? {
            query(name).flatMap { policy.isAllowedFallback($0, stores: stores) ? $0 : nil }
        }
        target.fallbacks = Fallbacks(
            ios: fallback("ifl", stores: LinkPolicy.appStoreHosts),
            android: fallback("afl", stores: LinkPolicy.playStoreHosts),
            desktop: fallback("ofl", stores: []))
        target.ipadFallback = fallback("ipfl", stores: LinkPolicy.appStoreHosts)
        target.skipPreview = query("efr") == "1"
        let social = SocialCard(
            title: query("st"), description: query("sd"),
            imageURL: query("si").flatMap { image in
                WebURL(image).flatMap { $0.scheme == "https" || $0.scheme == "http" ? image : nil }
            })
        target.social = social.isEmpty ? nil : social
        for name in UTMParameters.names { target.utm[name] = query("utm_" + name) }
        return target
    }
}
