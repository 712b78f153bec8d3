import DeepLinkRouting
import Foundation

extension RouteTable: RouteResolving {
    package func resolve(_ url: String) -> RouteResolution {
        switch resolve(url) as Resolution {
        case .matched(let match): .matched(route: match.route, parameters: match.parameters)
        case .notDeepLink: .notDeepLink
        case .excluded: .excluded
        case .notFound: .notFound
        case .invalid(let reason): .invalid(reason: reason)
        }
    }

    package func schemeLink(route: String, parameters: [String: String]) -> String? {
        try? url(for: route, parameters: parameters, style: .customScheme).absoluteString
    }
}
