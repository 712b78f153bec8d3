import DeepLinkRouting

extension LinkPolicy {
    /// ``isWebPage(_:)``, without making strings of the URL's parts when its scheme or host alone
    /// say no.
    ///
    /// Checking every destination fully was about 5% of a redirect's CPU. The answer is the same
    /// for every text: only an `http(s)://` URL whose host is the website's can be a page of it,
    /// and a host made of letters, digits, dots and dashes (no user info, no port) is exactly
    /// what ``WebURL`` reads as the host; anything else (or the website's own host) still goes
    /// through ``isWebPage(_:)``. The split is ``URLParts``', on the text's bytes in place.
    package func isWebPageQuickly(_ text: String) -> Bool {
        guard let webHost = tenant.webHost else { return false }
        var text = text
        let answer: Bool? = text.withUTF8 { bytes in
            guard let parts = URLParts(bytes), let host = parts.host,
                Self.equalsIgnoringCase(bytes, parts.scheme, "https")
                    || Self.equalsIgnoringCase(
                        bytes, parts.scheme, "http")
            else { return false }
            let plain =
                parts.userInfo == nil && parts.port == nil && !host.isEmpty
                && host.allSatisfy { index in
                    let byte = bytes[index]
                    let lower = byte | 0x20
                    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                        || byte == UInt8(ascii: "-")
                }
            if plain, !Self.equalsIgnoringCase(bytes, host, webHost) { return false }
            return nil
        }
        return answer ?? isWebPage(text)
    }

    /// Whether the bytes at `range` are `other` (lowercase) but for ASCII case.
    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: String)
        -> Bool
    {
        range.count == other.utf8.count
            && zip(range, other.utf8).allSatisfy { index, expected in
                let byte = bytes[index]
                return (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == expected
            }
    }
}
