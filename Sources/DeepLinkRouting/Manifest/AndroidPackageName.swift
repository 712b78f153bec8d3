/// Android's rule for an application ID (`package_name` in assetlinks.json, `applicationId` in
/// Gradle): at least two segments separated by `.`, each an ASCII letter followed by ASCII
/// letters, digits or `_` (upper case allowed).
///
/// This is not the iOS bundle-ID rule: `com.example.my-app` is a valid bundle ID and not a valid
/// application ID. Every reader that checks a package name uses ``problem(in:)`` so the manifest
/// and assetlinks.json refuse the same names with the same code and words.
package enum AndroidPackageName {
    /// The diagnostic code for a name that breaks the rule.
    package static let code = "invalid-package-name"

    /// What is wrong with a package name, naming the offending segment.
    package enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// Fewer than two segments (`app`).
        case tooFewSegments
        /// An empty segment at this 0-based position (`com..app`, `.com.app`, `com.app.`).
        case emptySegment(index: Int)
        /// A segment that does not start with an ASCII letter (`com.1app`, `com._app`).
        case badFirstCharacter(segment: String, character: Unicode.Scalar)
        /// A segment holding something other than ASCII letters, digits or `_` (`my-app`, `café`).
        case badCharacter(segment: String, character: Unicode.Scalar)

        /// The problem in words, naming the segment (empty for ``tooFewSegments``, which the
        /// rule's statement already says).
        package var description: String {
            switch self {
            case .tooFewSegments:
                return "it has only one segment"
            case .emptySegment(let index):
                return "segment \(index + 1) is empty (two dots in a row, or a leading or trailing dot)"
            case .badFirstCharacter(let segment, let character):
                return "the segment \"\(segment)\" starts with \"\(character)\""
            case .badCharacter(let segment, let character):
                return "the segment \"\(segment)\" contains \"\(character)\""
            }
        }
    }

    /// The first problem with `text`, or `nil` when it is a valid application ID.
    package static func problem(in text: String) -> Problem? {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return text.isEmpty ? .emptySegment(index: 0) : .tooFewSegments }
        for (index, segment) in segments.enumerated() {
            guard let first = segment.unicodeScalars.first else { return .emptySegment(index: index) }
            guard first.isASCIILetter else {
                return .badFirstCharacter(segment: String(segment), character: first)
            }
            if let bad = segment.unicodeScalars.first(where: {
                !($0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_")
            }) {
                return .badCharacter(segment: String(segment), character: bad)
            }
        }
        return nil
    }

    /// Whether `text` is a valid application ID.
    package static func isValid(_ text: String) -> Bool { problem(in: text) == nil }

    /// The message a validator shows for `text` and its problem: what is wrong, naming the
    /// offending segment, then the rule.
    package static func message(_ text: String, _ problem: Problem) -> String {
        let detail = problem == .tooFewSegments ? "" : ": \(problem)"
        return
            "\"\(text)\" is not an Android package name\(detail); expected two or more dot-separated parts, each a letter followed by letters, digits or \"_\", such as \"com.example.app\""
    }
}
