import DeepLinkRouting
import Foundation

/// Decides, per visitor, what a visit gets (the spec's redirect table):
///
/// | visitor | answer |
/// |---|---|
/// | link-preview crawler | preview page with `og:*`, `twitter:*`, `al:*` tags |
/// | iOS | preview page with a Smart App Banner; with `skipPreview`, `302` to the iOS fallback or the App Store |
/// | Android | `302` to the Android fallback, or the Play Store with a `referrer` naming the link |
/// | desktop, anything else | `302` to the desktop fallback, the web destination, or the website |
///
/// When a platform has nowhere to go (no app in that store, no website), the preview page is the
/// answer: it never invents a URL.
struct RedirectPlanner: Sendable {
    let tenant: Tenant

    func decide(_ target: RedirectTarget, for client: ClientInfo) -> RedirectDecision {
        if client.isCrawler { return .preview(page(for: target)) }
        switch client.platform {
        case .ios:
            let store = client.os == "iPadOS" ? (target.ipadFallback ?? iosStore(target)) : iosStore(target)
            if target.skipPreview, let store { return .redirect(store) }
            return .preview(page(for: target))
        case .android:
            if let store = target.fallbacks.android ?? tenant.playStoreURL(linkID: target.linkID) ?? webFallback(target)
            {
                return .redirect(store)
            }
            return .preview(page(for: target))
        case .desktop, .other:
            if let web = webFallback(target) { return .redirect(web) }
            return .preview(page(for: target))
        }
    }

    private func iosStore(_ target: RedirectTarget) -> String? {
        target.fallbacks.ios ?? tenant.appStoreURL
    }

    /// Where a visitor without the app reads on: the desktop fallback, the destination when it is
    /// a web page, or the website.
    func webFallback(_ target: RedirectTarget) -> String? {
        target.fallbacks.desktop ?? (target.destinationIsWeb ? target.destination : nil) ?? tenant.websiteURL
    }

    func page(for target: RedirectTarget) -> PreviewPage {
        let manifest = tenant.manifest
        let deepLink = target.destinationIsWeb ? nil : target.destination
        return PreviewPage(
            title: target.social?.title ?? manifest.name,
            description: target.social?.description,
            imageURL: target.social?.imageURL,
            shortURL: target.canonicalURL,
            siteName: manifest.name,
            destination: target.destination,
            appStoreID: manifest.ios?.appStoreID,
            iosURL: manifest.ios == nil ? nil : deepLink,
            androidPackage: manifest.android?.package,
            androidURL: deepLink,
            getAppURL: iosStore(target),
            webURL: webFallback(target), iconURL: manifest.iconURL?.absoluteString)
    }
}
