import DeepLinkRouting
import Foundation

/// One app family on the server: a manifest, and everything the request path needs from it,
/// computed once (frozen) when the server starts.
struct Tenant: Sendable {
    let manifest: Manifest
    var id: String { manifest.id }
    /// Lowercase host names the tenant answers on.
    let domains: Set<String>
    /// The domain short links are written with when a request names none.
    let defaultDomain: String
    /// Lowercase host of the manifest's `web` URL.
    let webHost: String?
    /// The route table (see ``RouteResolving``).
    let routes: any RouteResolving
    /// The association files generated from the manifest.
    let wellKnown: WellKnownFiles

    init(manifest: Manifest, routes: any RouteResolving, wellKnown: WellKnownFiles) {
        self.manifest = manifest
        self.domains = Set(manifest.domains)
        self.defaultDomain = manifest.domains.first ?? ""
        self.webHost = manifest.web?.host?.lowercased()
        self.routes = routes
        self.wellKnown = wellKnown
    }

    /// The App Store page of the iOS app.
    var appStoreURL: String? {
        manifest.ios?.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
    }

    /// The Play Store page of the Android app, with an install referrer naming the link (and
    /// carrying a deferred deep link's `wf_claim` token when given). The referrer is itself a
    /// query string, percent-encoded as one parameter: the Install Referrer API hands the app
    /// `utm_source=wayfinder&wayfinder_link=…&wf_claim=…`.
    func playStoreURL(linkID: String?, claimToken: String? = nil) -> String? {
        guard let package = manifest.android?.package else { return nil }
        var url = "https://play.google.com/store/apps/details?id=" + PercentDecoding.encodeQueryComponent(package)
        if let linkID {
            var referrer = "utm_source=wayfinder&wayfinder_link=" + PercentDecoding.encodeQueryComponent(linkID)
            if let claimToken { referrer += "&wf_claim=" + PercentDecoding.encodeQueryComponent(claimToken) }
            url += "&referrer=" + PercentDecoding.encodeQueryComponent(referrer)
        }
        return url
    }

    /// The website, where desktop visitors and the 404 page go.
    var websiteURL: String? { manifest.web?.absoluteString }
}
