import DeepLinkRouting
import GeoIP

/// A Firebase Dynamic Links long link (`https://<domain>/?link=…&apn=…&ifl=…`, or the same under a
/// path prefix declared for the domain), read so that links already shared keep working after the
/// domain moves to Wayfinder.
///
/// The parameters mean what ``FirebaseLinkParameters`` says, as for an imported or REST-made
/// link. `link` must be a valid destination of the tenant (as for a created link); fallbacks
/// (`afl`, `ifl`, `ipfl`, `ofl`) and `si` are kept only when ``LinkPolicy`` allows them, so a long
/// link cannot turn the domain into an open redirect (nobody is there to be told, so a refused
/// fallback is dropped and the default applies). The social card (`st`, `sd`, `si`) is kept as
/// the manifest's `"longLinks"` says (``Manifest/LongLinks``): `si` only over https and not on a
/// non-global IP literal, `st` and `sd` cut to ``maximumTitleLength`` and
/// ``maximumDescriptionLength`` (the page escapes them as any value).
package struct FirebaseLongLink: Sendable {
    /// The visit target, or `nil` when `link` is missing or not a destination of the tenant.
    package static func target(query: (String) -> String?, visitedURL: String, policy: LinkPolicy) -> RedirectTarget? {
        var values: [String: String] = [:]
        for name in FirebaseLinkParameters.names { values[name] = query(name) }
        let content = FirebaseLinkParameters(values).content
        guard !content.destination.isEmpty, (try? policy.destination(content.destination, field: "link")) != nil
        else { return nil }
        var target = RedirectTarget(
            url: visitedURL, destination: content.destination,
            destinationIsWeb: policy.isWebPage(content.destination))
        func allowed(_ url: String?, stores: Set<String>) -> String? {
            url.flatMap { policy.isAllowedFallback($0, stores: stores) ? $0 : nil }
        }
        target.fallbacks = Fallbacks(
            ios: allowed(content.fallbacks.ios, stores: LinkPolicy.appStoreHosts),
            android: allowed(content.fallbacks.android, stores: LinkPolicy.playStoreHosts),
            desktop: allowed(content.fallbacks.desktop, stores: []))
        target.ipadFallback = allowed(content.firebase?.ipadFallback, stores: LinkPolicy.appStoreHosts)
        target.skipPreview = content.skipPreview
        // The tenant decides whether a long link's own card is shown at all (manifest "longLinks").
        let setting = policy.tenant.manifest.longLinks
        var social = setting.social == .keep ? content.social : nil
        if let image = social?.imageURL,
            policy.checkImage(image) != nil || !setting.allowsImage(image) || Self.namesNonGlobalAddress(image)
        {
            social?.imageURL = nil
        }
        if let title = social?.title { social?.title = Self.shortened(title, to: Self.maximumTitleLength) }
        if let description = social?.description {
            social?.description = Self.shortened(description, to: Self.maximumDescriptionLength)
        }
        target.social = social?.isEmpty == true ? nil : social
        target.utm = content.utm
        target.firebase = content.firebase
        return target
    }

    /// The longest `st` shown, in characters; a longer one is cut and ends in "…". About twice
    /// what a card shows, so that no real title is cut.
    package static let maximumTitleLength = 200
    /// The longest `sd` shown, in characters.
    package static let maximumDescriptionLength = 500

    /// `text`, cut to `length` characters with "…" at the end when it is longer.
    package static func shortened(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        return String(text.prefix(length - 1)) + "…"
    }

    /// Whether the image URL's host is an IP literal that is not a global unicast address: a
    /// crawler or browser would fetch it from the visitor's or the crawler's own network.
    package static func namesNonGlobalAddress(_ url: String) -> Bool {
        guard let host = WebURL(http: url)?.host else { return true }
        guard let address = IPAddress(host: host) else { return false }
        return address.nonGlobalKind != nil
    }
}
