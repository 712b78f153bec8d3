import DeepLinkRouting

/// A URL split once into the parts an AASA rule compares, without Foundation's `URL` (which
/// rejects or rewrites some of the texts iOS compares as written).
///
/// The URL is decoded into scalars once; every part is a slice of that one array, and the scheme
/// and host are compared in place (ASCII) rather than copied into lowercased strings, because a
/// decision on a small file costs little more than this split.
///
/// It does not reuse DeepLinkRouting's `URLParts`, on purpose: iOS's matching takes a scheme that
/// starts with a digit or `+-.` and requires `//`, which `URLParts` does not, and the rules compare
/// scalars, whose offsets are not `URLParts`' byte offsets. Sharing the splitter would change
/// decisions the AASA tests pin byte for byte.
struct AASAURL {
    let scalars: [Unicode.Scalar]
    private let schemeRange: Range<Int>
    private let hostRange: Range<Int>
    let path: ArraySlice<Unicode.Scalar>
    /// `nil` when the URL has no `?`.
    let query: ArraySlice<Unicode.Scalar>?
    /// `nil` when the URL has no `#`.
    let fragment: ArraySlice<Unicode.Scalar>?

    /// Splits `text` as `scheme://authority/path?query#fragment`; `nil` without a scheme and `//`.
    init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var colon = 0
        while colon < scalars.count, scalars[colon] != ":" {
            guard AASAURL.isSchemeScalar(scalars[colon]) else { return nil }
            colon += 1
        }
        guard colon < scalars.count, colon > 0, scalars.count >= colon + 3, scalars[colon + 1] == "/",
            scalars[colon + 2] == "/"
        else { return nil }
        self.scalars = scalars
        schemeRange = 0..<colon
        let authorityStart = colon + 3
        var index = authorityStart
        while index < scalars.count, scalars[index] != "/", scalars[index] != "?", scalars[index] != "#" { index += 1 }
        var authority = authorityStart..<index
        if let at = scalars[authority].lastIndex(of: "@") { authority = (at + 1)..<authority.upperBound }
        if authority.lowerBound < authority.upperBound, scalars[authority.lowerBound] == "[" {
            if let close = scalars[authority].firstIndex(of: "]") { authority = authority.lowerBound..<(close + 1) }
        } else if let portColon = scalars[authority].firstIndex(of: ":") {
            authority = authority.lowerBound..<portColon
        }
        hostRange = authority
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

    /// A scheme is ASCII letters, digits, `+`, `-` and `.`.
    private static func isSchemeScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2D, 0x2E: true
        default: false
        }
    }

    /// The scheme, lowercased.
    var scheme: String { String(String.UnicodeScalarView(scalars[schemeRange])).lowercased() }

    /// The host (no user information, no port), lowercased.
    var host: String { String(String.UnicodeScalarView(scalars[hostRange])).lowercased() }

    /// Whether the scheme is `http` or `https` (any case).
    var isWebScheme: Bool {
        let scheme = scalars[schemeRange]
        return AASAURL.equalsFoldingASCII(scheme, "http") || AASAURL.equalsFoldingASCII(scheme, "https")
    }

    /// Whether the host is `domain` (lowercase) or, for `*.example.com`, one of its subdomains;
    /// compared in place when both are printable ASCII (`asciiDomain`), through lowercased
    /// strings (by characters) otherwise.
    func isServed(by domain: String, asciiDomain: [Unicode.Scalar]?) -> Bool {
        let host = scalars[hostRange]
        let wildcard = domain.hasPrefix("*.")
        guard let asciiDomain, host.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
            let text = self.host
            return wildcard ? text.hasSuffix(String(domain.dropFirst())) : text == domain
        }
        if wildcard {
            // `*.example.com`: the host must end in `.example.com`.
            let suffix = asciiDomain.dropFirst()
            guard host.count >= suffix.count else { return false }
            return AASAURL.equalsFoldingASCII(host.suffix(suffix.count), suffix)
        }
        return AASAURL.equalsFoldingASCII(host, asciiDomain[...])
    }

    /// `text` lowercased (ASCII) equals `lowercase`.
    private static func equalsFoldingASCII(_ text: ArraySlice<Unicode.Scalar>, _ lowercase: ArraySlice<Unicode.Scalar>)
        -> Bool
    {
        guard text.count == lowercase.count else { return false }
        var other = lowercase.startIndex
        for scalar in text {
            let value = scalar.value
            let folded = (0x41...0x5A).contains(value) ? value + 0x20 : value
            if folded != lowercase[other].value { return false }
            other += 1
        }
        return true
    }

    private static func equalsFoldingASCII(_ text: ArraySlice<Unicode.Scalar>, _ lowercase: StaticString) -> Bool {
        let bytes = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        guard text.count == bytes.count else { return false }
        var other = 0
        for scalar in text {
            let value = scalar.value
            let folded = (0x41...0x5A).contains(value) ? value + 0x20 : value
            if folded != UInt32(bytes[other]) { return false }
            other += 1
        }
        return true
    }
}

/// The texts rules compare, made from a URL once per decision and once per flag combination
/// (as written or decoded, case kept or folded), and only when a rule asks for them: the
/// texts as written are slices of the URL, the others are made on first use.
struct AASAURLTexts {
    typealias Items = [(name: ArraySlice<Unicode.Scalar>, value: ArraySlice<Unicode.Scalar>)]

    /// One flag combination's texts, each made on first use.
    struct View {
        /// The path normalized as ``PathPattern`` expects it.
        var path: ArraySlice<Unicode.Scalar>?
        var query: ArraySlice<Unicode.Scalar>?
        var fragment: ArraySlice<Unicode.Scalar>?
        /// The query's items (`name=value`; no `=` is an empty value).
        var items: Items?
    }

    let url: AASAURL
    private var views = (View(), View(), View(), View())

    init(url: AASAURL) {
        self.url = url
    }

    /// The slot of a flag combination; slot 0 (case-sensitive, percent-encoded, the defaults)
    /// compares the URL as written.
    static func slot(caseSensitive: Bool, percentEncoded: Bool) -> Int {
        (caseSensitive ? 0 : 2) + (percentEncoded ? 0 : 1)
    }

    private mutating func withView<Result>(_ slot: Int, _ body: (inout View) -> Result) -> Result {
        switch slot {
        case 0: body(&views.0)
        case 1: body(&views.1)
        case 2: body(&views.2)
        default: body(&views.3)
        }
    }

    /// The normalized path for the flag combination `slot`.
    mutating func path(_ slot: Int) -> ArraySlice<Unicode.Scalar> {
        let url = self.url
        return withView(slot) { view in
            if let path = view.path { return path }
            let path = AASAURLTexts.normalize(AASAURLTexts.transform(url.path, slot: slot))
            view.path = path
            return path
        }
    }

    /// The query (empty without one) for the flag combination `slot`.
    mutating func query(_ slot: Int) -> ArraySlice<Unicode.Scalar> {
        let url = self.url
        return withView(slot) { view in
            if let query = view.query { return query }
            let query = AASAURLTexts.transform(url.query ?? [], slot: slot)
            view.query = query
            return query
        }
    }

    /// The fragment (empty without one) for the flag combination `slot`.
    mutating func fragment(_ slot: Int) -> ArraySlice<Unicode.Scalar> {
        let url = self.url
        return withView(slot) { view in
            if let fragment = view.fragment { return fragment }
            let fragment = AASAURLTexts.transform(url.fragment ?? [], slot: slot)
            view.fragment = fragment
            return fragment
        }
    }

    /// The query's items for the flag combination `slot`.
    mutating func items(_ slot: Int) -> Items {
        let url = self.url
        return withView(slot) { view in
            if let items = view.items { return items }
            // Items are split on the text as written, then each name and value is transformed, so
            // that a decoded "%26" does not split an item.
            var items: Items = []
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
                    items.append((AASAURLTexts.transform(name, slot: slot), AASAURLTexts.transform(value, slot: slot)))
                }
            }
            view.items = items
            return items
        }
    }

    /// `text` decoded (odd slots) and case-folded (slots 2 and 3).
    private static func transform(_ text: ArraySlice<Unicode.Scalar>, slot: Int) -> ArraySlice<Unicode.Scalar> {
        let percentEncoded = slot & 1 == 0
        let caseSensitive = slot < 2
        guard !percentEncoded || !caseSensitive else { return text }
        // Plain ASCII without escapes: decoding changes nothing and folding is per scalar, as
        // `lowercased()` would do it.
        if text.allSatisfy({ $0.value < 0x80 && $0 != "%" }) {
            if caseSensitive { return text }
            guard text.contains(where: { (0x41...0x5A).contains($0.value) }) else { return text }
            return ArraySlice(
                text.map { (0x41...0x5A).contains($0.value) ? Unicode.Scalar(UInt8($0.value + 0x20)) : $0 })
        }
        var string = String(String.UnicodeScalarView(text))
        // A malformed escape cannot be decoded; it is then compared as written.
        if !percentEncoded, let decoded = PercentDecoding.decode(string) { string = decoded }
        if !caseSensitive { string = string.lowercased() }
        return Array(string.unicodeScalars)[...]
    }

    private static let root: ArraySlice<Unicode.Scalar> = ["/"]

    /// `/` plus the path without its leading and trailing slashes (``PathPattern/normalize(_:)``
    /// on scalars): a slice of `path` when it starts with a slash, as a URL's path does.
    static func normalize(_ path: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var start = path.startIndex
        while start < path.endIndex, path[start] == "/" { start += 1 }
        var end = path.endIndex
        while end > start, path[end - 1] == "/" { end -= 1 }
        if start > path.startIndex { return path[(start - 1)..<end] }
        guard start < end else { return root }
        var result: [Unicode.Scalar] = ["/"]
        result.reserveCapacity(end - start + 1)
        result.append(contentsOf: path[start..<end])
        return result[...]
    }

    /// A hash of the normalized path's first segment (between the leading `/` and the next `/`),
    /// the key of ``RuleIndex``.
    static func firstSegmentKey(_ normalizedPath: ArraySlice<Unicode.Scalar>) -> UInt64 {
        var hasher = SegmentHasher()
        var index = normalizedPath.startIndex + 1
        while index < normalizedPath.endIndex, normalizedPath[index] != "/" {
            hasher.add(normalizedPath[index])
            index += 1
        }
        return hasher.value
    }
}

/// FNV-1a over scalar values: a cheap, allocation-free hash of a path segment. Collisions only
/// add candidates (every candidate is still matched in full), never drop one.
struct SegmentHasher {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ scalar: Unicode.Scalar) {
        value = (value ^ UInt64(scalar.value)) &* 0x0000_0100_0000_01B3
    }
}
