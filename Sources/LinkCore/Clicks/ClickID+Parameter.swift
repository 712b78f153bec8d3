extension ClickID {
    /// The query parameter that hands an app the click that opened it: `wf_click=<id>`.
    package static let parameter = "wf_click"

    /// `url` with `wf_click=<id>` last in its query, before the fragment; a `wf_click` already
    /// there is replaced, so a destination copied from an earlier visit names this click only.
    /// `id` is base64url (or a page's placeholder of letters and digits): nothing to escape.
    package static func adding(_ id: String, to url: String) -> String {
        // This runs on every visit that opens an app: a URL without the parameter (nearly all)
        // gets it appended without cutting its query into items.
        guard mentionsParameter(url) else {
            let utf8 = url.utf8
            let end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
            let separator: String
            switch utf8[..<end].last {
            case UInt8(ascii: "?"), UInt8(ascii: "&"): separator = ""
            default: separator = utf8[..<end].contains(UInt8(ascii: "?")) ? "&" : "?"
            }
            return url[..<end] + separator + parameter + "=" + id + url[end...]
        }
        var edit = QueryEdit(url)
        edit.items.removeAll { QueryEdit.name(of: $0) == parameter }
        edit.items.append(Substring(parameter + "=" + id))
        return edit.text
    }

    private static let parameterBytes = Array(parameter.utf8)

    /// Whether `wf_click` occurs anywhere in `url`: a byte scan (the standard library's
    /// `firstRange(of:)` is generic and cost more than the rest of ``adding(_:to:)``).
    private static func mentionsParameter(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            let needle = parameterBytes
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
                var offset = 1
                while offset < needle.count, bytes[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            return false
        }
    }
}
