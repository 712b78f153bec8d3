import Foundation

/// The Facebook App Links payload (`al_applink_data`) that an app receives when it is opened from
/// a link in a Facebook app.
///
/// The payload is URL-encoded JSON in the `al_applink_data` query item of the URL the app is opened
/// with. It names the link the person tapped (`target_url`, which is routed when it is one of the
/// app's links) and, in `referer_app_link`, the app they came from, so the app can show a "back to
/// Facebook" control. A payload that is not valid JSON, or whose `target_url` is missing or not an
/// http(s) URL, is malformed: ``init(url:)`` answers `nil` and the router ignores it.
public struct AppLinkData: Sendable, Hashable {
    /// The app that sent the person here.
    public struct Referer: Sendable, Hashable {
        /// The URL that opens the referring app again (the "back" link), such as `fb://…`.
        public var url: URL?
        /// The referring app's name for people, such as `Facebook`.
        public var appName: String?
        /// The link as the referring app knew it.
        public var targetURL: URL?

        /// A referer from its parts, each `nil` when the payload does not give it.
        public init(url: URL? = nil, appName: String? = nil, targetURL: URL? = nil) {
            self.url = url
            self.appName = appName
            self.targetURL = targetURL
        }
    }

    /// The query item that carries the payload.
    public static let queryItemName = "al_applink_data"

    /// The link the person tapped; always http or https.
    public var targetURL: URL
    /// Extra data the publisher attached (a JSON object; empty when there is none). Apps read it
    /// through ``extrasJSON`` and ``extra(_:)``.
    package var extras: [JSONNode.Member]
    /// The App Links protocol version, as written.
    public var version: String?
    /// The user agent of the app that sent the link, as written in `user_agent`, such as
    /// `"Facebook iOS 1.0"`; `nil` when the payload has none.
    public var userAgent: String?
    /// The app that sent the person here (`referer_app_link`), so the app can offer a way back;
    /// `nil` when the payload has none.
    public var referer: Referer?

    package init(
        targetURL: URL, extras: [JSONNode.Member] = [], version: String? = nil, userAgent: String? = nil,
        referer: Referer? = nil
    ) {
        self.targetURL = targetURL
        self.extras = extras
        self.version = version
        self.userAgent = userAgent
        self.referer = referer
    }

    /// The payload in `url`'s `al_applink_data` query item; `nil` when there is none or it is
    /// malformed.
    public init?(url: URL) {
        let text = url.absoluteString
        let payload: String?? = text.withUTF8Buffer { bytes in
            guard let parts = URLParts(bytes), let query = parts.query,
                let value = QueryScanner.first(Self.queryItemName, in: bytes, query: query)
            else { return nil }
            return .some(value.flatMap { QueryScanner.decoded(bytes, $0) })
        }
        guard let payload = payload ?? nil else { return nil }
        self.init(json: payload)
    }

    /// Reads the decoded JSON payload; `nil` when it is malformed.
    public init?(json: String) {
        guard let node = try? JSONParser(maximumDepth: 32).parse(json), node.objectValue != nil,
            let target = node["target_url"]?.stringValue, let targetURL = AppLinkData.webURL(target)
        else { return nil }
        var extras: [JSONNode.Member] = []
        if let node = node["extras"] {
            guard let members = node.objectValue else { return nil }
            extras = members
        }
        var referer: Referer? = nil
        if let node = node["referer_app_link"] {
            guard node.objectValue != nil else { return nil }
            referer = Referer(
                url: node["url"]?.stringValue.flatMap(URL.init(string:)),
                appName: node["app_name"]?.stringValue,
                targetURL: node["target_url"]?.stringValue.flatMap(URL.init(string:))
            )
        }
        let version: String? =
            switch node["version"]?.value {
            case .string(let text)?: text
            case .number(let text)?: text
            default: nil
            }
        self.init(
            targetURL: targetURL, extras: extras, version: version, userAgent: node["user_agent"]?.stringValue,
            referer: referer)
    }

    /// The publisher's `extras` object as JSON text, members in the order they were written (`{}`
    /// when there are none).
    ///
    /// Use it to decode the extras into a type of the app's own with `JSONDecoder`; for one string
    /// value, ``extra(_:)`` is shorter.
    public var extrasJSON: String {
        JSONNode(.object(extras)).jsonText(style: .compact)
    }

    /// The string value of the extra named `key`, such as `extra("fb_app_id")`; `nil` when there
    /// is no such extra or its value is not a string (read those through ``extrasJSON``).
    public func extra(_ key: String) -> String? {
        extras.first(where: { $0.key == key })?.value.stringValue
    }

    private static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            return nil
        }
        return url
    }
}
