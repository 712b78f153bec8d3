import DeepLinkRouting

/// The texts a dynamic App Links rule compares, made from a URL once per decision: the path,
/// query items and fragment decoded the way `android.net.Uri`'s getters decode them.
///
/// The split reuses ``AASAURL``. Decoding: `%XX` escapes (a malformed escape is kept as written);
/// in query item names and values `+` is a space first, as `Uri.getQueryParameter` does. An
/// empty path is `/` (what an HTTP client requests).
struct AssetLinksURLTexts {
    let path: ArraySlice<Unicode.Scalar>
    let fragment: ArraySlice<Unicode.Scalar>
    /// Query items in order (`name=value`; no `=` is an empty value).
    let items: [(name: ArraySlice<Unicode.Scalar>, value: ArraySlice<Unicode.Scalar>)]

    init(url: AASAURL) {
        let decodedPath = AssetLinksURLTexts.decode(url.path, plusIsSpace: false)
        path = decodedPath.isEmpty ? ["/"] : decodedPath
        fragment = AssetLinksURLTexts.decode(url.fragment ?? [], plusIsSpace: false)
        var items: [(name: ArraySlice<Unicode.Scalar>, value: ArraySlice<Unicode.Scalar>)] = []
        // Split on the text as written, so that a decoded "%26" does not split an item.
        for item in (url.query ?? []).split(separator: "&", omittingEmptySubsequences: true) {
            let equals = item.firstIndex(of: "=")
            let name = equals.map { item[..<$0] } ?? item
            let value = equals.map { item[($0 + 1)...] } ?? []
            items.append(
                (
                    AssetLinksURLTexts.decode(name, plusIsSpace: true),
                    AssetLinksURLTexts.decode(value, plusIsSpace: true)
                ))
        }
        self.items = items
    }

    /// The value of the first item named `name`, or `nil` when there is none
    /// (`Uri.getQueryParameter`).
    func value(named name: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar>? {
        items.first { $0.name.elementsEqual(name) }?.value
    }

    private static func decode(_ text: ArraySlice<Unicode.Scalar>, plusIsSpace: Bool) -> ArraySlice<Unicode.Scalar> {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return text }
        var string = String(String.UnicodeScalarView(text))
        if plusIsSpace { string = string.replacingPlusWithSpace() }
        if let decoded = PercentDecoding.decode(string) { string = decoded }
        return Array(string.unicodeScalars)[...]
    }
}

extension String {
    fileprivate func replacingPlusWithSpace() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "+" ? " " : $0 }))
    }
}
