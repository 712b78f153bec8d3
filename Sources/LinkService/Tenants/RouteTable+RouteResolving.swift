import DeepLinkRouting

extension RouteTable: RouteResolving {
    func resolve(_ url: String) -> RouteResolution {
        switch resolve(url) as Resolution {
        case .matched(let match): .matched(route: match.route, parameters: match.parameters)
        case .notDeepLink: .notDeepLink
        case .excluded: .excluded
        case .notFound: .notFound
        case .invalid(let reason): .invalid(reason: reason)
        }
    }
}
