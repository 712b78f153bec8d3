import DeepLinkRouting
import Foundation

/// Decides, per visitor, what a visit gets (the spec's redirect table):
///
/// | visitor | answer |
/// |---|---|
/// | link-preview crawler | preview page with `og:*`, `twitter:*`, `al:*` tags |
/// | iOS | preview page with a Smart App Banner and "Open in app" (in an in-app browser, also "Open in Safari"); with `skipPreview`, `302` to the iOS (or iPad) fallback or the App Store |
/// | Android | `302` to the Android fallback, or the Play Store with a `referrer` naming the link; when the app can open the destination, Chrome and Samsung Internet get a `302` to an `intent:` with that as its fallback, other browsers the preview page with the intent as "Open in app" (`efr`/`skipPreview`: the plain `302`) |
/// | desktop, anything else | `302` to the desktop fallback, the web destination, the route's web page, or the website |
///
/// A client that does not accept HTML (an API client) gets the `302` its platform would reach
/// from the page, never the page. When a platform has nowhere to go (no app in that store, no
/// website), the preview page is the answer: it never invents a URL.
///
/// ``plan(_:for:acceptsHTML:)`` also says why (which parameter or fallback decided): the `?d=1`
/// debug page shows exactly what real visits get, from this one function.
package struct RedirectPlanner: Sendable {
    package let tenant: Tenant

    /// A decision and the reason for it, for people.
    package struct Plan: Sendable, Hashable {
        package var decision: RedirectDecision
        package var reason: String
    }

    package func decide(_ target: RedirectTarget, for client: ClientInfo, acceptsHTML: Bool = true) -> RedirectDecision
    {
        plan(target, for: client, acceptsHTML: acceptsHTML).decision
    }

    package func plan(_ target: RedirectTarget, for client: ClientInfo, acceptsHTML: Bool = true) -> Plan {
        if client.isCrawler {
            return Plan(
                decision: .preview(page(for: target)),
                reason: "link-preview crawlers read the page's og:*, twitter:* and al:* tags")
        }
        let preview = { RedirectDecision.preview(self.page(for: target, client: client)) }
        switch client.platform {
        case .ios:
            let ipad = client.os == "iPadOS"
            let store = iosStore(target, ipad: ipad)
            if target.skipPreview, let store {
                return Plan(
                    decision: .redirect(store.url), reason: "efr / skipPreview skips the preview: \(store.reason)")
            }
            if !acceptsHTML, let next = store ?? webFallback(target) {
                return Plan(
                    decision: .redirect(next.url), reason: "the client does not accept HTML, so no page: \(next.reason)"
                )
            }
            return Plan(
                decision: preview(),
                reason:
                    "preview page with a Smart App Banner; \"Get the app\" goes \(store.map { "to \($0.url) (\($0.reason))" } ?? "nowhere (no App Store ID, no iOS fallback)")"
            )
        case .android:
            let fallback: (url: String, reason: String)?
            if let android = target.fallbacks.android {
                fallback = (android, "afl / the Android fallback")
            } else if let store = tenant.playStoreURL(for: target) {
                fallback = (
                    store,
                    "no afl: the Play Store page of \(tenant.manifest.android?.package ?? ""), referrer names the link"
                )
            } else {
                fallback = nil
            }
            if let fallback {
                if acceptsHTML, !client.isBot, let intent = appIntent(target, fallback: fallback.url) {
                    return androidPlan(target, intent: intent, fallback: fallback, client: client)
                }
                return Plan(decision: .redirect(fallback.url), reason: fallback.reason)
            }
            if let web = webFallback(target) {
                return Plan(decision: .redirect(web.url), reason: "no afl and no Android app: \(web.reason)")
            }
            return Plan(decision: preview(), reason: "no afl, no Android app, no web page: the preview page")
        case .desktop, .other:
            if let web = webFallback(target) { return Plan(decision: .redirect(web.url), reason: web.reason) }
            return Plan(decision: preview(), reason: "no ofl, no web page and no website: the preview page")
        }
    }

    /// An Android visit the app can open: Chrome and Samsung Internet follow a `302` to the
    /// intent; other browsers (in-app browsers, web views, Firefox, …) launch an app only from
    /// a tap, so they get the preview page with "Open in app" as the intent, unless the link
    /// skips its preview (`efr` / `skipPreview`), which sends them where they went before.
    private func androidPlan(
        _ target: RedirectTarget, intent: AndroidIntent, fallback: (url: String, reason: String), client: ClientInfo
    ) -> Plan {
        let opens = "an installed \(intent.packageName ?? "") opens \(intent.url), otherwise \(fallback.reason)"
        if client.followsIntentRedirects {
            return Plan(
                decision: .intent(intent), reason: "\(client.browser ?? "the browser") follows an intent: \(opens)")
        }
        if target.skipPreview {
            return Plan(
                decision: .redirect(fallback.url),
                reason: "efr / skipPreview skips the page the intent needs a tap on: \(fallback.reason)")
        }
        var page = page(for: target, client: client)
        page.setAndroidIntent(intent)
        if target.fallbacks.android != nil {
            page.getAppURL = nil
            page.webURL = fallback.url
        } else {
            page.getAppURL = fallback.url
        }
        return Plan(
            decision: .preview(page),
            reason:
                "\(client.inApp.map { "\($0.name)'s browser" } ?? client.browser ?? "this browser") opens an app only from a tap: the preview page, \"Open in app\" is the intent: \(opens)"
        )
    }

    /// The intent that opens the link's destination in the Android app, with `fallback` where no
    /// app takes it; `nil` without an Android app or when the destination opens no route of it
    /// (the intent could only ever reach the fallback).
    ///
    /// The intent carries the destination itself, the URL the app's router resolves: an
    /// `https` destination is on one of the manifest's domains (the router matches no other),
    /// which the app's `autoVerify` intent filters claim and whose `assetlinks.json` this server
    /// serves; a custom-scheme destination reaches the app's scheme filter. The package limits
    /// the intent to the tenant's app, so no other app or chooser takes it.
    package func appIntent(_ target: RedirectTarget, fallback: String) -> AndroidIntent? {
        guard let packageName = tenant.manifest.android?.package,
            case .matched = tenant.routes.resolve(target.destination)
        else { return nil }
        return AndroidIntent(opening: target.destination, packageName: packageName, fallback: fallback)
    }

    /// "Open in app" on an iOS page: the route's scheme link (`page.iosURL`, already resolved),
    /// else the destination on another of the tenant's domains than the page's (iOS opens a
    /// universal link in the app only when it leads to another domain than the page's own);
    /// `nil` without an iOS app or a route.
    private func iosAppLink(_ target: RedirectTarget, page: PreviewPage) -> String? {
        if let scheme = page.iosURL { return scheme }
        guard tenant.manifest.ios != nil, let url = WebURL(http: target.destination), tenant.domains.contains(url.host),
            case .matched = tenant.routes.resolve(target.destination)
        else { return nil }
        let pageHost = WebURL(target.canonicalURL)?.host
        if url.host != pageHost { return target.destination }
        guard let other = tenant.manifest.domains.first(where: { $0.lowercased() != pageHost }) else { return nil }
        return "https://" + other.lowercased() + url.path + (url.query.map { "?" + $0 } ?? "")
    }

    /// The preview page a person on `client` sees: ``page(for:ipad:)`` with "Open in app" on
    /// iOS, and the way out of the app's browser when the visit came from one.
    package func page(for target: RedirectTarget, client: ClientInfo) -> PreviewPage {
        var page = page(for: target, ipad: client.os == "iPadOS")
        guard !client.isBot else { return page }
        switch client.platform {
        case .ios: page.openAppURL = iosAppLink(target, page: page)
        // Android's "Open in app" is the intent, set where the page is the intent's tap target.
        case .android: break
        case .desktop, .other: return page
        }
        if let app = client.inApp, let escape = app.escape(from: target.canonicalURL, on: client.platform) {
            page.escapeURL = escape
            page.escapeLabel = InAppBrowser.escapeLabel(on: client.platform)
        }
        return page
    }

    /// Where an iOS visitor without the app gets the app: the iPad fallback (`ipfl`) on an iPad,
    /// the iOS fallback (`ifl`), or the App Store (with the link's App Store campaign).
    private func iosStore(_ target: RedirectTarget, ipad: Bool) -> (url: String, reason: String)? {
        if ipad, let ipadFallback = target.ipadFallback { return (ipadFallback, "ipfl / the iPad fallback") }
        if let ios = target.fallbacks.ios { return (ios, "ifl / the iOS fallback") }
        return tenant.appStoreURL(campaign: target.firebase).map { ($0, "no ifl: the App Store page of the app") }
    }

    /// Where a visitor without the app reads on: the desktop fallback (`ofl`), the destination
    /// when it is a web page, the web page the manifest names for the destination's route, or
    /// the website.
    package func webFallback(_ target: RedirectTarget) -> (url: String, reason: String)? {
        if let desktop = target.fallbacks.desktop { return (desktop, "ofl / the desktop fallback") }
        if target.destinationIsWeb { return (target.destination, "the destination is a page of the website") }
        if case .matched(let route, let parameters) = tenant.routes.resolve(target.destination),
            let web = tenant.manifest.route(named: route)?.web?.url(parameters: parameters)
        {
            return (web, "the web page the manifest names for the route \"\(route)\"")
        }
        return tenant.websiteURL.map { ($0, "no ofl and no web page for the destination: the website") }
    }

    package func page(for target: RedirectTarget, ipad: Bool = false) -> PreviewPage {
        let manifest = tenant.manifest
        let schemeLink: String?
        if case .matched(let route, let parameters) = tenant.routes.resolve(target.destination) {
            schemeLink = tenant.routes.schemeLink(route: route, parameters: parameters)
        } else {
            schemeLink = nil
        }
        return PreviewPage(
            title: target.social?.title ?? manifest.name,
            description: target.social?.description,
            imageURL: target.social?.imageURL,
            shortURL: target.canonicalURL,
            siteName: manifest.name,
            destination: target.destination,
            appStoreID: manifest.ios?.appStoreID,
            iosURL: manifest.ios == nil ? nil : schemeLink,
            androidPackage: manifest.android?.package,
            androidURL: manifest.android == nil ? nil : schemeLink,
            getAppURL: iosStore(target, ipad: ipad)?.url,
            webURL: webFallback(target)?.url, iconURL: manifest.iconURL?.absoluteString)
    }

    /// Whether an `Accept` header admits an HTML page: no header, `text/html`, `text/*`, `*/*` or
    /// XHTML with a quality above 0.
    package static func acceptsHTML(_ accept: String?) -> Bool {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first,
                ["text/html", "text/*", "*/*", "application/xhtml+xml"].contains(type)
            else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if quality > 0 { return true }
        }
        return false
    }

    /// A value with every stored property given.
    package init(tenant: Tenant) {
        self.tenant = tenant
    }
}
