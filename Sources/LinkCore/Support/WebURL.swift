import DeepLinkRouting
import Foundation

/// The parts of an absolute URL that decide where it leads: scheme and host, lowercased.
///
/// Stricter than `URL(string:)`: no user info (`https://good.com@evil.com`), no spaces or
/// control characters, no backslashes (which browsers read as `/`), and a host for http(s).
/// Split by ``SplitURL`` (the package's one URL splitter), refusing what `URLComponents(string:)`
/// refuses in the authority.
package struct WebURL: Sendable, Hashable {
    package let scheme: String
    /// Lowercase host without port; for custom schemes, the first path segment (may be empty).
    package let host: String
    /// The port as written after the host's `:`; `nil` when none is written.
    package let port: String?
    /// As written (still percent-encoded).
    package let path: String
    package let query: String?

    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= LinkRequest.maximumFieldLength,
            !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }),
            let split = SplitURL(text), split.hasValidAuthority, split.userInfo == nil
        else { return nil }
        let scheme = split.scheme.lowercased()
        self.scheme = scheme
        self.port = split.port
        self.path = split.path
        self.query = split.query
        let host = split.host.map { (PercentDecoding.decode($0) ?? $0).lowercased() }
        if Self.httpSchemes.contains(scheme) {
            guard let host, !host.isEmpty, text.lowercased().hasPrefix(scheme + "://") else { return nil }
            self.host = host
        } else {
            self.host = host ?? ""
        }
    }

    /// An `http` or `https` URL; `nil` for anything else (another scheme, or not a URL).
    package init?(http text: String) {
        guard let url = WebURL(text), url.isHTTP else { return nil }
        self = url
    }

    /// Whether the scheme is `http` or `https`.
    package var isHTTP: Bool { Self.httpSchemes.contains(scheme) }

    private static let httpSchemes: Set = ["http", "https"]
}
