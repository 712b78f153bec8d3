import Foundation
import LinkCore

extension String {
    /// The `wf_click` parameters a visit added (`?`, `&` or `&amp;` before it, then a 22-character
    /// click id), in order.
    private static let clickParameter = try! NSRegularExpression(
        pattern: "(\\?|&amp;|&)\(ClickID.parameter)=([A-Za-z0-9_-]{\(ClickID.textLength)})")

    /// The text without the `wf_click=<id>` parameters a visit added to its ways into the app:
    /// what stays is what every visit gets, for tests that compare it exactly.
    package var withoutClickIDs: String {
        Self.clickParameter.stringByReplacingMatches(
            in: self, range: NSRange(startIndex..., in: self), withTemplate: "")
    }

    /// The click ids of the `wf_click` parameters in the text, in order.
    package var clickIDs: [String] {
        Self.clickParameter.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap {
            Range($0.range(at: 2), in: self).map { String(self[$0]) }
        }
    }
}
