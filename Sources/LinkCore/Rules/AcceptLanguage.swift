import Foundation

/// Reads an `Accept-Language` header: the language tags a visitor accepts.
package enum AcceptLanguage {
    /// The tags with a quality above 0, lowercased, in the header's order (`*` left out).
    ///
    /// `de-CH, fr;q=0.8, en;q=0` → `["de-ch", "fr"]`. A range whose quality does not read as a
    /// number counts as accepted, as browsers send only well-formed ones.
    package static func tags(_ header: String?) -> [String] {
        guard let header, !header.isEmpty else { return [] }
        var tags: [String] = []
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";", omittingEmptySubsequences: false)
            guard let first = parts.first else { continue }
            let tag = first.trimmingCharacters(in: .whitespaces).lowercased()
            guard !tag.isEmpty, tag != "*", tag.utf8.count <= 35 else { continue }
            let quality = parts.dropFirst().lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("q=") || $0.hasPrefix("Q=") }
                .flatMap { Double($0.dropFirst(2)) }
            if let quality, quality <= 0 { continue }
            tags.append(tag)
            if tags.count == 32 { break }
        }
        return tags
    }
}
