import DeepLinkRouting
import Foundation

/// One app family on the server: a manifest, and everything the request path needs from it,
/// computed once (frozen) when the server starts.
package struct Tenant: Sendable {
    package let manifest: Manifest
    package var id: String { manifest.id }
    /// Lowercase host names the tenant answers on.
    package let domains: Set<String>
    /// The domain short links are written with when a request names none.
    package let defaultDomain: String
    /// Lowercase host of the manifest's `web` URL.
    package let webHost: String?
    /// The route table (see ``RouteResolving``).
    package let routes: any RouteResolving
    /// The association files generated from the manifest.
    package let wellKnown: WellKnownFiles

    /// Verified runtime domains (``RuntimeDomain``), beyond the manifest's.
    package let runtimeDomains: [String]

    /// This tenant as made here: a reload or a change of its runtime domains makes another one,
    /// with another stamp, so what is kept under the stamp is never served for the new one.
    package let version = VersionStamp()

    package init(
        manifest: Manifest, routes: any RouteResolving, wellKnown: WellKnownFiles, runtimeDomains: [String] = []
    ) {
        self.manifest = manifest
        self.runtimeDomains = runtimeDomains
        self.domains = Set(manifest.domains + runtimeDomains)
        self.defaultDomain = manifest.domains.first ?? ""
        self.webHost = manifest.web?.host?.lowercased()
        self.routes = routes
        self.wellKnown = wellKnown
    }

    /// The tenant also answering on `runtimeDomains` (its verified runtime domains, replacing
    /// any it had).
    package func serving(runtimeDomains: [String]) -> Tenant {
        Tenant(manifest: manifest, routes: routes, wellKnown: wellKnown, runtimeDomains: runtimeDomains)
    }

    /// How long after a click an app's event is attributed to it (the manifest's
    /// `apps.attributionWindowDays`, default 7 days).
    package var attributionWindow: TimeInterval { TimeInterval(manifest.apps.attributionWindowDays) * 86_400 }

    /// The App Store page of the iOS app.
    package var appStoreURL: String? {
        manifest.ios?.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
    }

    /// The App Store page with a link's App Store campaign fields (`pt`, `ct`, `mt`, `at`) as
    /// Firebase Dynamic Links passed them on.
    package func appStoreURL(campaign: FirebaseParameters?) -> String? {
        guard var url = appStoreURL else { return nil }
        let items = campaign?.appStoreCampaign ?? []
        if !items.isEmpty {
            url +=
                "?"
                + items.map { $0.name + "=" + PercentDecoding.encodeQueryComponent($0.value) }.joined(separator: "&")
        }
        return url
    }

    /// The Play Store page of the Android app, with an install referrer naming the link. A link's
    /// own campaign (`utm_*`, and Firebase's `gclid`) goes into the referrer as Firebase Dynamic
    /// Links sent it; without one, `utm_source=wayfinder`. A deferred deep link's `wf_claim` token
    /// joins them when given. The referrer is itself a query string, percent-encoded as one
    /// parameter: the Install Referrer API hands the app `utm_source=…&wayfinder_link=…&wf_claim=…`.
    /// The Play Store page for a redirect's target: its link, the link's own campaign and Firebase
    /// `gclid`, and a deferred deep link's token when given. The planner's redirect and the claim
    /// token issuer's both come from here, so the issuer finds the planner's URL.
    package func playStoreURL(for target: RedirectTarget, claimToken: String? = nil) -> String? {
        playStoreURL(linkID: target.linkID, campaign: target.utm, gclid: target.firebase?.gclid, claimToken: claimToken)
    }

    package func playStoreURL(
        linkID: String?, campaign: UTMParameters = UTMParameters(), gclid: String? = nil, claimToken: String? = nil
    ) -> String? {
        guard let package = manifest.android?.package else { return nil }
        var url = Self.playStorePrefix + PercentDecoding.encodeQueryComponent(package)
        if let linkID {
            var items: [(String, String)] = UTMParameters.names.compactMap { name in
                campaign[name].map { ("utm_" + name, $0) }
            }
            if items.isEmpty { items.append(("utm_source", "wayfinder")) }
            if let gclid { items.append(("gclid", gclid)) }
            items.append(("wayfinder_link", linkID))
            if let claimToken { items.append(("wf_claim", claimToken)) }
            let referrer = items.map {
                PercentDecoding.encodeQueryComponent($0.0) + "=" + PercentDecoding.encodeQueryComponent($0.1)
            }
            .joined(separator: "&")
            url += "&referrer=" + PercentDecoding.encodeQueryComponent(referrer)
        }
        return url
    }

    /// Whether `url` is the app's Play Store page: with no Android fallback of its own, what the
    /// planner sends an Android visitor to is ``playStoreURL(for:claimToken:)`` of the visit's
    /// target, or no store at all; this tells the two apart without building the URL again.
    package func isPlayStorePage(_ url: String) -> Bool {
        manifest.android != nil && url.hasPrefix(Self.playStorePrefix)
    }

    private static let playStorePrefix = "https://play.google.com/store/apps/details?id="

    /// `url`, a Play Store page ``playStoreURL(for:claimToken:)`` made for a link without a token,
    /// with `claimToken` joined to its referrer: the text that function makes with the token,
    /// without building the URL again on the request path. The referrer is the URL's last
    /// parameter and ends with the link's items, and a token is base64url, which percent-encoding
    /// leaves as it is; so the token's item is appended, encoded as the referrer encodes it.
    package static func playStoreURL(_ url: String, claimToken: String) -> String {
        url + "%26" + ClaimToken.parameter + "%3D" + claimToken
    }

    /// The website, where desktop visitors and the 404 page go.
    package var websiteURL: String? { manifest.web?.absoluteString }
}
