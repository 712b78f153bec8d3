import DeepLinkRouting

/// A URL split once into the parts an AASA rule compares, without Foundation's `URL` (which
/// rejects or rewrites some of the texts iOS compares as written).
struct AASAURL {
    let scheme: String
    let host: String
    let path: ArraySlice<Unicode.Scalar>
    /// `nil` when the URL has no `?`.
    let query: ArraySlice<Unicode.Scalar>?
    /// `nil` when the URL has no `#`.
    let fragment: ArraySlice<Unicode.Scalar>?

    /// Splits `text` as `scheme://authority/path?query#fragment`; `nil` without a scheme and `//`.
    init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon > 0,
            scalars[..<colon].allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            }),
            scalars.count >= colon + 3, scalars[colon + 1] == "/", scalars[colon + 2] == "/"
        else { return nil }
        scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
        let authorityStart = colon + 3
        var index = authorityStart
        while index < scalars.count, scalars[index] != "/", scalars[index] != "?", scalars[index] != "#" { index += 1 }
        var authority = scalars[authorityStart..<index]
        if let at = authority.lastIndex(of: "@") { authority = authority[(at + 1)...] }
        if authority.first == "[" {
            if let close = authority.firstIndex(of: "]") { authority = authority[...close] }
        } else if let portColon = authority.firstIndex(of: ":") {
            authority = authority[..<portColon]
        }
        host = String(String.UnicodeScalarView(authority)).lowercased()
        let pathStart = index
        while index < scalars.count, scalars[index] != "?", scalars[index] != "#" { index += 1 }
        path = scalars[pathStart..<index]
        if index < scalars.count, scalars[index] == "?" {
            let queryStart = index + 1
            index = queryStart
            while index < scalars.count, scalars[index] != "#" { index += 1 }
            query = scalars[queryStart..<index]
        } else {
            query = nil
        }
        fragment = index < scalars.count ? scalars[(index + 1)...] : nil
    }
}

/// The texts rules compare, made from a URL once per decision and once per flag combination
/// (as written or decoded, case kept or folded), and only when a rule asks for them.
struct AASAURLTexts {
    /// One flag combination's texts.
    struct View {
        /// The path normalized as ``PathPattern`` expects it.
        let path: ArraySlice<Unicode.Scalar>
        let query: ArraySlice<Unicode.Scalar>
        let fragment: ArraySlice<Unicode.Scalar>
        /// The query's items (`name=value`; no `=` is an empty value), made on first use.
        var items: [(name: ArraySlice<Unicode.Scalar>, value: ArraySlice<Unicode.Scalar>)]?
    }

    let url: AASAURL
    private var views: [View?] = [nil, nil, nil, nil]

    init(url: AASAURL) {
        self.url = url
    }

    private static func slot(caseSensitive: Bool, percentEncoded: Bool) -> Int {
        (caseSensitive ? 0 : 2) + (percentEncoded ? 0 : 1)
    }

    mutating func view(caseSensitive: Bool, percentEncoded: Bool) -> View {
        let slot = AASAURLTexts.slot(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        if let view = views[slot] { return view }
        func transform(_ text: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
            transformPart(text, caseSensitive, percentEncoded)
        }
        let path = transform(url.path)
        let view = View(
            path: AASAURLTexts.normalize(path), query: transform(url.query ?? []),
            fragment: transform(url.fragment ?? []))
        views[slot] = view
        return view
    }

    mutating func items(caseSensitive: Bool, percentEncoded: Bool) -> [(
        name: ArraySlice<Unicode.Scalar>, value: ArraySlice<Unicode.Scalar>
    )] {
        var view = self.view(caseSensitive: caseSensitive, percentEncoded: percentEncoded)
        if let items = view.items { return items }
        // Items are split on the text as written, then each name and value is transformed, so
        // that a decoded "%26" does not split an item.
        var items: [(name: ArraySlice<Unicode.Scalar>, value: ArraySlice<Unicode.Scalar>)] = []
        if let query = url.query, !query.isEmpty {
            for item in query.split(separator: "&", omittingEmptySubsequences: true) {
                let name: ArraySlice<Unicode.Scalar>
                let value: ArraySlice<Unicode.Scalar>
                if let equals = item.firstIndex(of: "=") {
                    name = item[..<equals]
                    value = item[(equals + 1)...]
                } else {
                    name = item
                    value = []
                }
                items.append(
                    (
                        transformPart(name, caseSensitive, percentEncoded),
                        transformPart(value, caseSensitive, percentEncoded)
                    ))
            }
        }
        view.items = items
        views[AASAURLTexts.slot(caseSensitive: caseSensitive, percentEncoded: percentEncoded)] = view
        return items
    }

    private func transformPart(_ text: ArraySlice<Unicode.Scalar>, _ caseSensitive: Bool, _ percentEncoded: Bool)
        -> ArraySlice<Unicode.Scalar>
    {
        guard !percentEncoded || !caseSensitive else { return text }
        var string = String(String.UnicodeScalarView(text))
        // A malformed escape cannot be decoded; it is then compared as written.
        if !percentEncoded, let decoded = PercentDecoding.decode(string) { string = decoded }
        if !caseSensitive { string = string.lowercased() }
        return Array(string.unicodeScalars)[...]
    }

    /// `/` plus the path without its leading and trailing slashes (``PathPattern/normalize(_:)`` on scalars).
    static func normalize(_ path: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var trimmed = path
        while trimmed.first == "/" { trimmed.removeFirst() }
        while trimmed.last == "/" { trimmed.removeLast() }
        var result: [Unicode.Scalar] = ["/"]
        result.reserveCapacity(trimmed.count + 1)
        result.append(contentsOf: trimmed)
        return result[...]
    }
}
