extension LinkPolicy {
    /// ``isWebPage(_:)``, without parsing the URL when its scheme or host alone say no.
    ///
    /// Parsing with `URLComponents` was about 5% of a redirect's CPU. The answer is the same for
    /// every text: only an `http(s)://` URL whose host is the website's can be a page of it, and
    /// a host made of letters, digits, dots and dashes is exactly what `URLComponents` reads as
    /// the host; anything else (or the website's own host) still goes through ``isWebPage(_:)``.
    func isWebPageQuickly(_ text: String) -> Bool {
        guard let webHost = tenant.webHost else { return false }
        var utf8 = Substring(text).utf8
        guard let afterScheme = Self.droppingWebScheme(utf8) else { return false }
        utf8 = afterScheme
        let end = utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        let authority = utf8[..<(end ?? utf8.endIndex)]
        let plain =
            !authority.isEmpty
            && authority.allSatisfy { byte in
                let lower = byte | 0x20
                return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "-")
            }
        if plain {
            let host = webHost.utf8
            let sameHost =
                authority.count == host.count
                && zip(authority, host).allSatisfy { pair in
                    let lower = pair.0 &- UInt8(ascii: "A") < 26 ? pair.0 | 0x20 : pair.0
                    return lower == pair.1
                }
            if !sameHost { return false }
        }
        return isWebPage(text)
    }

    /// What follows `http://` or `https://` (any ASCII case), or `nil` for any other start.
    private static func droppingWebScheme(_ utf8: Substring.UTF8View) -> Substring.UTF8View? {
        for scheme in ["https://", "http://"] {
            let prefix = scheme.utf8
            guard utf8.count >= prefix.count else { continue }
            let head = utf8.prefix(prefix.count)
            let matches = zip(head, prefix).allSatisfy { pair in
                let lower = pair.0 &- UInt8(ascii: "A") < 26 ? pair.0 | 0x20 : pair.0
                return lower == pair.1
            }
            if matches { return utf8.dropFirst(prefix.count) }
        }
        return nil
    }
}
