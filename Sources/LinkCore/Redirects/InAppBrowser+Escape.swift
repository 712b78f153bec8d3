import Foundation

extension InAppBrowser {
    /// The link of the preview page's way out of this app's browser for the page at `url` (an
    /// `https` URL): "Open in Safari" on iOS, "Open in browser" on Android; `nil` where the
    /// public record says no way out works (the sources are in `Documentation/InAppBrowsers.md`).
    ///
    /// - iOS: `x-safari-https://…` (Safari answers it from iOS 17); Instagram's own
    ///   `instagram://extbrowser/?url=…` (its browser stopped following `x-safari-https`).
    ///   None for WeChat and Snapchat, whose browsers follow neither.
    /// - Android: an `intent:` for the URL with no package (Android opens the default browser);
    ///   Instagram's `instagram://extbrowser/?url=…` there too. None for WeChat, Messenger and
    ///   Threads, whose browsers drop the intent.
    package func escape(from url: String, on platform: Platform) -> String? {
        switch (self, platform) {
        case (.instagram, .ios), (.instagram, .android):
            return "instagram://extbrowser/?url=" + AndroidIntent.encode(url)
        case (.wechat, _), (.snapchat, .ios), (.messenger, .android), (.threads, .android):
            return nil
        case (_, .ios):
            guard let rest = url.range(of: "https://", options: [.anchored, .caseInsensitive]) else { return nil }
            return "x-safari-https://" + url[rest.upperBound...]
        case (_, .android):
            return AndroidIntent(opening: url, packageName: nil, fallback: nil)?.uri
        default:
            return nil
        }
    }

    /// What the way out says: "Open in Safari" on iOS, "Open in browser" elsewhere.
    package static func escapeLabel(on platform: Platform) -> String {
        platform == .ios ? "Open in Safari" : "Open in browser"
    }
}
