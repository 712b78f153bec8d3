/// Test oracle: `android.os.PatternMatcher`'s simple glob, ported on its own (not shared with
/// `AndroidGlob`) from aosp-mirror/platform_frameworks_base `core/java/android/os/PatternMatcher.java`
/// @01a7983f31379854c073b23844df7dd4705b004a, `matchPattern` (null never matches) and
/// `matchGlobPattern`. Java `char`s are UTF-16 code units.
enum AOSPPatternMatcher {
    /// `PatternMatcher(pattern, PATTERN_SIMPLE_GLOB).match(text)`.
    static func match(_ pattern: [UInt16], _ text: [UInt16]?) -> Bool {
        guard let text else { return false }
        return matchGlobPattern(pattern, text)
    }

    private static let dot = UInt16(UInt8(ascii: "."))
    private static let star = UInt16(UInt8(ascii: "*"))
    private static let escape = UInt16(UInt8(ascii: "\\"))

    /// The walk keeps Java's two cursors and its one-character look-ahead (`nextChar`, 0 past the
    /// end), because the quirks live in how they move.
    static func matchGlobPattern(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let patternLength = pattern.count
        if patternLength <= 0 { return match.count <= 0 }
        let matchLength = match.count
        var ip = 0
        var im = 0
        func char(_ index: Int) -> UInt16 { index < patternLength ? pattern[index] : 0 }
        var nextChar = pattern[0]
        while ip < patternLength && im < matchLength {
            var c = nextChar
            ip += 1
            nextChar = char(ip)
            let escaped = c == escape
            if escaped {
                c = nextChar
                ip += 1
                nextChar = char(ip)
            }
            if nextChar == star {
                if !escaped && c == dot {
                    if ip >= patternLength - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == escape {
                        ip += 1
                        nextChar = char(ip)
                    }
                    repeat {
                        if match[im] == nextChar { break }
                        im += 1
                    } while im < matchLength
                    if im == matchLength { return false }
                    ip += 1
                    nextChar = char(ip)
                    im += 1
                } else {
                    repeat {
                        if match[im] != c { break }
                        im += 1
                    } while im < matchLength
                    ip += 1
                    nextChar = char(ip)
                }
            } else {
                if c != dot && match[im] != c { return false }
                im += 1
            }
        }
        if ip >= patternLength && im >= matchLength { return true }
        if ip == patternLength - 2 && pattern[ip] == dot && pattern[ip + 1] == star { return true }
        return false
    }
}
