import Foundation

/// The parts of an absolute URL that decide where it leads: scheme and host, lowercased.
///
/// Stricter than `URL(string:)`: no user info (`https://good.com@evil.com`), no spaces or
/// control characters, no backslashes (which browsers read as `/`), and a host for http(s).
struct WebURL: Sendable, Hashable {
    let scheme: String
    /// Lowercase host without port; for custom schemes, the first path segment (may be empty).
    let host: String
    let path: String
    let query: String?

    init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= LinkRequest.maximumFieldLength,
            !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            components.user == nil, components.password == nil
        else { return nil }
        self.scheme = scheme
        self.path = components.percentEncodedPath
        self.query = components.percentEncodedQuery
        if scheme == "http" || scheme == "https" {
            guard let host = components.host?.lowercased(), !host.isEmpty, text.lowercased().hasPrefix(scheme + "://")
            else { return nil }
            self.host = host
        } else {
            self.host = components.host?.lowercased() ?? ""
        }
    }
}
