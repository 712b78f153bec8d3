/// How a link's A/B split picks a variant for a browser, and the cookie that keeps it.
package enum VariantSplit {
    /// How long a browser keeps its variant.
    package static let cookieLifetime = 90 * 24 * 3600

    /// `wf_v_<slug>`: one cookie per link.
    package static func cookieName(slug: String) -> String { "wf_v_" + slug }

    /// The variant whose share of 0..<100 holds `roll`: with weights 30, 70, rolls 0–29 are the
    /// first, 30–99 the second.
    package static func pick(_ weights: [Int], roll: Int) -> Int {
        var upper = 0
        for (index, weight) in weights.enumerated() {
            upper += weight
            if roll < upper { return index }
        }
        return max(0, weights.count - 1)
    }
}
