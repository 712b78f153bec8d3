import DeepLinkRouting

/// An Android `intent:` URI in the form Chrome documents ("Android Intents with Chrome") and
/// Android's `Intent.parseUri(_, URI_INTENT_SCHEME)` reads:
/// `intent://HOST/PATH?QUERY#Intent;scheme=SCHEME;package=PACKAGE;S.browser_fallback_url=ENCODED;end`.
///
/// The browser hands the URL (`SCHEME://HOST/PATH?QUERY`) to the app ``packageName`` names when it is
/// installed and one of its intent filters takes the URL, and otherwise goes to the fallback.
/// Without a package, Android picks the app (for an `https` URL, the default browser): the
/// "Open in browser" way out of an in-app browser.
///
/// Escaping: the URL keeps its own escapes and loses its fragment (`#` begins the intent's
/// parameters; `Intent.parseUri` looks for the last `#`, other readers for the first). The
/// fallback is percent-encoded whole (everything but letters, digits and `-._~`), as
/// `Uri.decode` undoes, so no `;`, `#` or `%` of it ends a parameter early.
package struct AndroidIntent: Sendable, Hashable {
    /// The URL the intent opens, as the app receives it: `https://…` or a custom-scheme link.
    package private(set) var url: String
    /// The app that may open it; `nil` lets Android choose.
    package var packageName: String?
    /// Where the browser goes when no app takes the intent (`S.browser_fallback_url`).
    package var fallback: String?
    /// The URL's scheme, lowercased.
    package let scheme: String
    /// The URL after `scheme://`.
    private var rest: Substring

    /// The intent that opens `url` (an absolute `scheme://…` URL; its fragment is dropped), or
    /// `nil` when `url` has no `://` or a scheme Android cannot carry.
    package init?(opening url: String, packageName: String?, fallback: String?) {
        let withoutFragment = url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
        guard let colon = withoutFragment.firstIndex(of: ":"), Self.isScheme(withoutFragment[..<colon]),
            withoutFragment[colon...].hasPrefix("://")
        else { return nil }
        self.url = withoutFragment
        self.scheme = withoutFragment[..<colon].lowercased()
        self.rest = withoutFragment[withoutFragment.index(colon, offsetBy: 3)...]
        self.packageName = packageName
        self.fallback = fallback
    }

    /// The same intent opening `transform(url)`, a URL with the same `scheme://` (an edit of the
    /// query, such as ``ClickID/adding(_:to:)``); it is read again only when the edit changed
    /// more. `nil` when the new URL is none an intent can carry.
    package func editingURL(_ transform: (String) -> String) -> AndroidIntent? {
        let edited = transform(url)
        let head = url[..<rest.startIndex]
        guard edited.utf8.starts(with: head.utf8), !edited.utf8.contains(UInt8(ascii: "#")) else {
            return AndroidIntent(opening: edited, packageName: packageName, fallback: fallback)
        }
        var intent = self
        intent.url = edited
        intent.rest = edited[edited.utf8.index(edited.startIndex, offsetBy: head.utf8.count)...]
        return intent
    }

    /// `intent://…#Intent;scheme=…;package=…;S.browser_fallback_url=…;end`: the parts present, in
    /// that order.
    package var uri: String {
        var text = "intent://" + Self.escapeData(rest) + "#Intent;scheme=" + scheme + ";"
        if let packageName { text += "package=" + Self.encode(packageName) + ";" }
        if let fallback { text += "S.browser_fallback_url=" + Self.encode(fallback) + ";" }
        return text + "end"
    }

    /// Reads an intent URI as `Intent.parseUri` does for the parts written above: the data
    /// before the last `#`, then `;`-separated `name=value` pairs up to `end`, values
    /// percent-decoded. `nil` for anything else.
    package init?(parsing uri: String) {
        guard uri.hasPrefix("intent://"), let hash = uri.lastIndex(of: "#") else { return nil }
        let parameters = uri[uri.index(after: hash)...]
        guard parameters.hasPrefix("Intent;"), parameters.hasSuffix(";end") else { return nil }
        var scheme: String?
        var packageName: String?
        var fallback: String?
        for pair in parameters.dropFirst("Intent;".count).dropLast(";end".count).split(separator: ";") {
            guard let equals = pair.firstIndex(of: "="),
                let value = PercentDecoding.decode(pair[pair.index(after: equals)...])
            else { return nil }
            switch pair[..<equals] {
            case "scheme": scheme = value
            case "package": packageName = value
            case "S.browser_fallback_url": fallback = value
            default: return nil
            }
        }
        guard let scheme else { return nil }
        let data = uri[uri.index(uri.startIndex, offsetBy: "intent://".count)..<hash]
        self.init(opening: scheme + "://" + data, packageName: packageName, fallback: fallback)
    }

    /// RFC 3986 `scheme`: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first.isASCIILetter else { return false }
        return text.utf8.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// Everything but letters, digits and `-._~` as `%XX`.
    package static func encode(_ text: some StringProtocol) -> String {
        PercentDecoding.encode(text, keeping: unreservedBytes)
    }

    private static func escapeData(_ text: some StringProtocol) -> String {
        PercentDecoding.encode(text, keeping: dataBytes)
    }

    private static let unreservedBytes = ByteSet {
        $0.isASCIILetter || $0.isASCIIDigit || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || $0 == 0x7E
    }

    private static let dataBytes = ByteSet { byte in
        switch byte {
        case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
            UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"),
            UInt8(ascii: "#"):
            false
        default: true
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
    fileprivate var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
}
