import DeepLinkRouting
import Foundation

extension FuzzTarget {
    /// Deep-link intake: a link as the app receives it (`DeepLink(url:)`), in a push payload, and
    /// Facebook's `al_applink_data`, both as the URL that carries it and as its JSON.
    static let intake = FuzzTarget(name: "intake") { bytes in
        let text = bytes.text
        _ = try? DeepLink(notification: ["deeplink_url": text, "aps": ["alert": "x"]])
        _ = AppLinkData(json: text)
        guard let url = URL(string: text) else { return }
        _ = try? DeepLink(url: url)
        _ = try? DeepLink(url: url, source: .universalLink)
        _ = try? DeepLink(notification: ["deeplink_url": url])
        if let data = AppLinkData(url: url) {
            _ = data.extrasJSON
            _ = data.extra("fb_app_id")
        }
    }
}
