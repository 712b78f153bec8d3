import DeepLinkRouting

/// Android's dynamic App Links pattern matching, as the device runs it.
///
/// A rule's pattern becomes a `PatternMatcher.PATTERN_SIMPLE_GLOB` filter
/// (aosp-mirror/platform_frameworks_base `core/java/android/content/UriRelativeFilter.java`
/// @1d47c3a0983342d6714ddb5d6a04a204086a7ece, `matchData`). The step that turns the JSON text into
/// that glob (`StatementUtils.createUriRelativeFilterGroup` in StatementService) is not in any
/// public source; Wayfinder assumes the spelling Google's documentation implies, `*` → `.*`,
/// `?` → `.`, with `.` and `\` escaped (``simpleGlob(_:)``).
///
/// The glob is then matched the way `PatternMatcher.matchGlobPattern` does it
/// (aosp-mirror/platform_frameworks_base `core/java/android/os/PatternMatcher.java`
/// @01a7983f31379854c073b23844df7dd4705b004a), on UTF-16 code units, including its quirks:
/// - `.*` takes everything up to the *first* occurrence of the pattern's next character, taken
///   literally (never backtracks): `/a/*/c` matches `/a/b/c`, not `/a/b/x/c`; `*?` and `*.` both
///   skip to the first `.` of the text.
/// - A `.` not followed by `*` is any one character even when escaped (the comparison ignores the
///   escape), so a literal `.` in a rule (`/index.html`) matches any character (`/indexXhtml`).
/// - An empty pattern matches only the empty text; after the text runs out, only a single trailing
///   `.*` still matches (`*` matches "", `**` does not).
///
/// Whatever Android matches with a pattern that has no `.`, a backtracking glob matches too.
package enum AndroidGlob {
    private static let dot: UInt16 = 0x2E
    private static let star: UInt16 = 0x2A
    private static let backslash: UInt16 = 0x5C

    /// Whether the JSON pattern `pattern` matches the whole of `text` on Android.
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(glob: simpleGlob(pattern), Array(text.utf16)[...])
    }

    /// The simple glob a dynamic rule's pattern becomes (the assumed StatementService spelling):
    /// `*` → `.*`, `?` → `.`, `.` → `\.`, `\` → `\\`, anything else as written.
    package static func simpleGlob(_ pattern: String) -> [UInt16] {
        var glob: [UInt16] = []
        glob.reserveCapacity(pattern.utf16.count + 4)
        for unit in pattern.utf16 {
            switch unit {
            case star: glob += [dot, star]
            case 0x3F: glob.append(dot)
            case dot, backslash: glob += [backslash, unit]
            default: glob.append(unit)
            }
        }
        return glob
    }

    /// Whether a simple glob matches the whole of `text`, as `PatternMatcher.matchGlobPattern`
    /// decides it.
    package static func matches(glob pattern: [UInt16], _ text: ArraySlice<UInt16>) -> Bool {
        guard !pattern.isEmpty else { return text.isEmpty }
        let end = pattern.count
        func at(_ index: Int) -> UInt16 { index < end ? pattern[index] : 0 }
        var p = 0
        var t = text.startIndex
        while p < end, t < text.endIndex {
            var unit = pattern[p]
            p += 1
            let escaped = unit == backslash
            if escaped {
                unit = at(p)
                p += 1
            }
            guard at(p) == star else {
                // One character: a `.` (escaped or not) is any character.
                guard unit == dot || text[t] == unit else { return false }
                t += 1
                continue
            }
            if escaped || unit != dot {
                // `x*`: a run of `x` (only reachable from a hand-written glob).
                while t < text.endIndex, text[t] == unit { t += 1 }
                p += 1
                continue
            }
            // `.*` ends the pattern: it takes the rest.
            if p >= end - 1 { return true }
            p += 1
            var next = pattern[p]
            if next == backslash {
                p += 1
                next = at(p)
            }
            guard let found = text[t...].firstIndex(of: next) else { return false }
            t = found + 1
            p += 1
        }
        if p >= end && t >= text.endIndex { return true }
        // The text ran out with exactly `.*` left.
        return p == end - 2 && pattern[p] == dot && pattern[p + 1] == star
    }

    /// Whether a pattern's Android matches are exactly its backtracking glob's: every `*` ends the
    /// pattern (or is followed only by other stars — a run Android reads as `.*.*`, which matches
    /// less, so then only a single final star qualifies) and no `.` stands for "any character".
    static func agreesWithBacktracking(_ pattern: String) -> Bool {
        guard !pattern.unicodeScalars.contains(".") else { return false }
        guard let star = pattern.unicodeScalars.firstIndex(of: "*") else { return true }
        return pattern.unicodeScalars[star...].count == 1
    }
}
