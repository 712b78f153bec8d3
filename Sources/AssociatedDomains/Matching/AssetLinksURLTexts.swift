/// A URL as `android.net.Uri.parse` splits it and as its getters return the parts a dynamic App
/// Links rule compares, in UTF-16 code units (Java's `char`s, which the glob compares).
///
/// Follows aosp-mirror/platform_frameworks_base `core/java/android/net/Uri.java`
/// @0022c781b4f61cfe74468d19b6a84622593e6818 (`StringUri`: `parseAuthority`, `parsePath`,
/// `parseQuery`, `parseFragment`, `getHost`):
/// - the scheme ends at the first `:`; `//` starts the authority, which ends at `/`, `\`, `?` or
///   `#`; the host is the authority after its last `@` (user info is dropped) and before a `:port`;
/// - the path runs from there to the first `?` or `#`, and is `""` (never `nil`) when empty:
///   `https://a.example` has the path `""`, not `/`;
/// - the query is after the first `?`, up to the first `#`; `nil` without a `?` (or when the `#`
///   comes first), `""` for a bare `?`; the fragment is after the first `#`, `nil` without one;
/// - `getPath`, `getQuery` and `getFragment` decode with ``AndroidPercentDecoding`` (`+` stays
///   `+`).
struct AssetLinksURLTexts {
    /// The scheme as written (compare it folding case).
    let scheme: [UInt16]
    /// The decoded host, `nil` without an authority.
    let host: [UInt16]?
    let path: ArraySlice<UInt16>
    let query: ArraySlice<UInt16>?
    let fragment: ArraySlice<UInt16>?
    /// The decoded query's parameters as `UriRelativeFilter.matchQuery` splits them.
    let parameters: [ArraySlice<UInt16>]

    private static let colon: UInt16 = 0x3A
    private static let slash: UInt16 = 0x2F
    private static let backslash: UInt16 = 0x5C
    private static let question: UInt16 = 0x3F
    private static let hash: UInt16 = 0x23

    /// `nil` without a scheme (no `:`).
    init?(_ text: String) {
        let units = Array(text.utf16)
        guard let ssi = units.firstIndex(of: Self.colon) else { return nil }
        scheme = Array(units[..<ssi])
        let fsi = units[ssi...].firstIndex(of: Self.hash)
        var pathStart = ssi + 1
        if units.count > ssi + 2, units[ssi + 1] == Self.slash, units[ssi + 2] == Self.slash {
            var end = ssi + 3
            while end < units.count, ![Self.slash, Self.backslash, Self.question, Self.hash].contains(units[end]) {
                end += 1
            }
            host = Self.host(ofAuthority: units[(ssi + 3)..<end])
            pathStart = end
        } else {
            host = nil
        }
        var pathEnd = pathStart
        // `parsePath` returns "" when the authority ends at `?` or `#`.
        if pathStart < units.count, units[pathStart] == Self.slash || units[pathStart] == Self.backslash {
            while pathEnd < units.count, units[pathEnd] != Self.question, units[pathEnd] != Self.hash { pathEnd += 1 }
        }
        path = AndroidPercentDecoding.decode(units[pathStart..<pathEnd])
        if let qsi = units[ssi...].firstIndex(of: Self.question), fsi.map({ $0 > qsi }) ?? true {
            let decoded = AndroidPercentDecoding.decode(units[(qsi + 1)..<(fsi ?? units.count)])
            query = decoded
            parameters = Self.parameters(of: decoded)
        } else {
            query = nil
            parameters = []
        }
        fragment = fsi.map { AndroidPercentDecoding.decode(units[($0 + 1)...]) }
    }

    /// `AbstractHierarchicalUri.getHost`: after the last `@`, before a `:` followed only by
    /// digits, decoded.
    private static func host(ofAuthority authority: ArraySlice<UInt16>) -> [UInt16] {
        var start = authority.startIndex
        if let at = authority.lastIndex(of: 0x40) { start = at + 1 }
        var end = authority.endIndex
        var index = authority.endIndex
        while index > authority.startIndex {
            index -= 1
            let unit = authority[index]
            if unit == colon {
                end = index
                break
            }
            if unit < 0x30 || unit > 0x39 { break }
        }
        return end >= start ? Array(AndroidPercentDecoding.decode(authority[start..<end])) : []
    }

    /// `UriRelativeFilter.matchQuery`: the decoded query split on `&`, or on `;` when that gives a
    /// single piece, with Java's `String.split` rules (trailing empty pieces dropped; a text of
    /// separators only gives none; no separator gives the whole text).
    static func parameters(of query: ArraySlice<UInt16>) -> [ArraySlice<UInt16>] {
        let pieces = javaSplit(query, on: 0x26)
        return pieces.count == 1 ? javaSplit(query, on: 0x3B) : pieces
    }

    private static func javaSplit(_ text: ArraySlice<UInt16>, on separator: UInt16) -> [ArraySlice<UInt16>] {
        guard text.contains(separator) else { return [text] }
        var pieces = text.split(separator: separator, omittingEmptySubsequences: false)
        while pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces
    }

    /// Whether the scheme is `http` or `https` (any case).
    var isWebScheme: Bool {
        let lowered = String(decoding: scheme, as: UTF16.self).lowercased()
        return lowered == "http" || lowered == "https"
    }

    /// Whether the host is `domain` (lowercase) or, for `*.example.com`, one of its subdomains;
    /// compared folding case.
    func isServed(by domain: String) -> Bool {
        guard let host else { return false }
        let text = String(decoding: host, as: UTF16.self).lowercased()
        return domain.hasPrefix("*.") ? text.hasSuffix(String(domain.dropFirst())) : text == domain
    }
}
