import DeepLinkRouting
import Foundation

extension FuzzTarget {
    /// Route resolution of an arbitrary URL text against the example manifest's table, both from
    /// the text and through Foundation's `URL`, and the reverse: the resolved route's own URL.
    static let route = FuzzTarget(name: "route") { bytes in
        let text = bytes.text
        let resolution = Fixtures.routes.resolve(text)
        if let url = URL(string: text) {
            _ = Fixtures.routes.resolve(url)
            _ = Fixtures.routes.canOpen(url)
        }
        if case .matched(let match) = resolution {
            _ = try? Fixtures.routes.url(for: match.route, parameters: match.parameters, style: .customScheme)
        }
    }
}
