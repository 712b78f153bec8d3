import Foundation

/// An incoming link, read into its parts, with where it came from.
///
/// Make one from the URL that opened the app (``init(url:source:)``) or from a push
/// notification's payload (``init(notification:key:)``); give it to ``Router/open(_:)-(DeepLink)`` or
/// ``RouteTable/resolve(_:)-(DeepLink)``. Reading never traps: a URL without a scheme or host, or
/// with an invalid percent escape in its path or query, throws a ``DeepLinkError`` that says which.
public struct DeepLink: Sendable, Hashable {
    /// How the link reached the app.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// An http(s) link on one of the app's domains, opened by the system.
        case universalLink
        /// A link in one of the app's custom schemes (`example://open/42`).
        case customScheme
        /// A link opened from a Facebook app, carrying `al_applink_data`.
        case appLink
        /// A link in a push notification's payload.
        case push
        /// A deferred deep link: the destination of the link that was tapped before the app was
        /// installed, claimed on first launch (see ``DeferredLinkClaimer``).
        case deferred
    }

    /// One `name=value` item of the query, percent-decoded (`+` stays `+`).
    public struct QueryItem: Sendable, Hashable {
        /// The item's name, percent-decoded.
        public var name: String
        /// `nil` for an item written without `=`.
        public var value: String?

        /// A query item; `value` is `nil` for an item written without `=`.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The URL as the app received it (for an App Link, the URL that carried the payload).
    public let url: URL
    /// How the link reached the app.
    public let source: Source
    /// The scheme, lowercased.
    public let scheme: String
    /// The host as written (lowercased for http and https); `nil` when the URL has none.
    public let host: String?
    /// The percent-decoded path segments. A trailing slash is insignificant; an empty segment
    /// between two slashes is kept as `""`.
    public let pathSegments: [String]
    /// The query's items in the order written, percent-decoded; empty items (`a=1&&b=2`) are skipped.
    public let queryItems: [QueryItem]
    /// The percent-decoded fragment, when there is one.
    public let fragment: String?
    /// The Facebook App Links payload, when the URL carries a well-formed one.
    public let appLink: AppLinkData?

    /// Whether the scheme is http or https.
    public var isWebLink: Bool { scheme == "http" || scheme == "https" }

    /// The segments a route pattern is matched against: for a custom scheme the host comes first
    /// (`example://open/42` is `open`, `42`), for http(s) the path only.
    public var segments: [String] {
        if !isWebLink, let host { return [host] + pathSegments }
        return pathSegments
    }

    /// The value of the first query item named `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Reads `url`. Without a `source`, it is ``Source/appLink`` when the URL carries a
    /// well-formed App Links payload, ``Source/universalLink`` for http(s) and
    /// ``Source/customScheme`` otherwise.
    public init(url: URL, source: Source? = nil) throws(DeepLinkError) {
        let text = url.absoluteString
        guard text.utf8.count < Int32.max else { throw DeepLinkError.tooLong }
        let parsed = text.withUTF8Buffer { bytes -> Result<Parsed, DeepLinkError> in
            guard let parts = URLParts(bytes) else { return .failure(DeepLinkError.notAbsolute) }
            return DeepLink.parse(bytes, parts)
        }
        let parts = try parsed.get()
        self.url = url
        self.scheme = parts.scheme
        self.host = parts.host
        self.pathSegments = parts.pathSegments
        self.queryItems = parts.queryItems
        self.fragment = parts.fragment
        self.appLink = parts.queryItems.contains { $0.name == AppLinkData.queryItemName } ? AppLinkData(url: url) : nil
        self.source =
            source
            ?? (appLink != nil
                ? .appLink : (parts.scheme == "http" || parts.scheme == "https") ? .universalLink : .customScheme)
    }

    /// Reads the link in a push notification's `userInfo` under `key` (a URL or a string).
    ///
    /// The dictionary is read here, where it is received, because it is not `Sendable`; the
    /// ``DeepLink`` that comes out is, and can be handed to the router.
    public init(notification userInfo: [AnyHashable: Any], key: String = "deeplink_url") throws(DeepLinkError) {
        guard let value = userInfo[key] else { throw DeepLinkError.missingPayloadKey(key) }
        let url: URL
        if let value = value as? URL {
            url = value
        } else if let text = value as? String, let parsed = URL(string: text.trimmingCharacters(in: .whitespaces)) {
            url = parsed
        } else {
            throw DeepLinkError.invalidPayloadValue(key)
        }
        try self.init(url: url, source: .push)
    }

    private struct Parsed {
        var scheme: String
        var host: String?
        var pathSegments: [String]
        var queryItems: [QueryItem]
        var fragment: String?
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ parts: URLParts) -> Result<Parsed, DeepLinkError> {
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        let scheme = text(parts.scheme).lowercased()
        let web = scheme == "http" || scheme == "https"
        var host: String? = nil
        if let range = parts.host {
            guard !range.isEmpty else { return .failure(DeepLinkError.emptyHost) }
            guard let decoded = QueryScanner.decoded(bytes, range) else {
                return .failure(DeepLinkError.invalidPercentEncoding(component: "host"))
            }
            host = web ? decoded.lowercased() : decoded
        } else if web {
            return .failure(DeepLinkError.emptyHost)
        }
        var segments: [String] = []
        var failed = false
        PathSegments.forEach(bytes, in: parts.path) { range in
            guard let segment = QueryScanner.decoded(bytes, range) else {
                failed = true
                return false
            }
            segments.append(segment)
            return true
        }
        if failed { return .failure(DeepLinkError.invalidPercentEncoding(component: "path")) }
        var items: [QueryItem] = []
        if let query = parts.query {
            QueryScanner.forEach(bytes, in: query) { item in
                guard let name = QueryScanner.decoded(bytes, item.name) else {
                    failed = true
                    return false
                }
                var value: String? = nil
                if let range = item.value {
                    guard let decoded = QueryScanner.decoded(bytes, range) else {
                        failed = true
                        return false
                    }
                    value = decoded
                }
                items.append(QueryItem(name: name, value: value))
                return true
            }
            if failed { return .failure(DeepLinkError.invalidPercentEncoding(component: "query")) }
        }
        var fragment: String? = nil
        if let range = parts.fragment {
            guard let decoded = QueryScanner.decoded(bytes, range) else {
                return .failure(DeepLinkError.invalidPercentEncoding(component: "fragment"))
            }
            fragment = decoded
        }
        return .success(
            Parsed(scheme: scheme, host: host, pathSegments: segments, queryItems: items, fragment: fragment))
    }
}

/// Splits a URL path into segments on bytes.
enum PathSegments {
    /// Calls `body` with each segment's range, in order, until it returns `false`: the leading
    /// slash starts the path, a trailing slash is insignificant, `//` yields an empty segment.
    static func forEach(_ bytes: UnsafeBufferPointer<UInt8>, in path: Range<Int>, _ body: (Range<Int>) -> Bool) {
        let trimmed = ASCII.trimmingTrailingSlashes(bytes, path)
        var start = trimmed.lowerBound
        if start < trimmed.upperBound, bytes[start] == UInt8(ascii: "/") { start += 1 }
        guard start < trimmed.upperBound else { return }
        while true {
            var end = start
            while end < trimmed.upperBound, bytes[end] != UInt8(ascii: "/") { end += 1 }
            if !body(start..<end) { return }
            guard end < trimmed.upperBound else { return }
            start = end + 1
        }
    }
}
