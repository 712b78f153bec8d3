import Foundation

extension RouteTable {
    /// Builds the link that opens `route` with `parameters`: values are percent-encoded (a `/`
    /// in a one-segment parameter becomes `%2F`; a catch-all's value keeps its slashes), declared
    /// query items follow the path in declaration order.
    ///
    /// The first pattern of the style whose parameters are all given, and which leaves no path
    /// parameter unused, is used (aliases are tried in order; an optional segment may be left out).
    /// Resolving the URL gives back the route and the parameters. Throws ``ReverseRoutingError``
    /// when the route, its pattern of that style or the domain does not exist, when the parameters
    /// fit no pattern, or when a value does not parse as its parameter's type.
    public func url(for route: String, parameters: [String: String] = [:], style: LinkStyle) throws(ReverseRoutingError)
        -> URL
    {
        guard let definition = self.route(named: route) else { throw ReverseRoutingError.unknownRoute(route) }
        let queryNames = Set(definition.query.map(\.name))
        let pathParameters = Set(parameters.keys).subtracting(queryNames)
        let prefix: String
        let candidates: [[RoutePattern.Segment]]
        switch style {
        case .universalLink(let domain):
            guard domains.contains(domain.lowercased()) else { throw ReverseRoutingError.unknownDomain(domain) }
            prefix = "https://" + domain.lowercased() + "/"
            candidates = definition.paths.map(\.segments)
        case .customScheme:
            guard let first = definition.schemeLinks.first else {
                throw ReverseRoutingError.noPattern(route: route, style: style)
            }
            prefix = first.scheme + "://"
            candidates = definition.schemeLinks.filter { $0.scheme == first.scheme }.map(\.segments)
        }
        guard let firstCandidate = candidates.first else {
            throw ReverseRoutingError.noPattern(route: route, style: style)
        }
        func fits(_ segments: [RoutePattern.Segment]) -> Bool {
            let names = Set(segments.compactMap(\.parameterName))
            let required = Set(
                segments.compactMap { segment -> String? in
                    if case .parameter(let name, _) = segment { return name }
                    return nil
                })
            return pathParameters.isSubset(of: names) && required.isSubset(of: pathParameters)
        }
        guard let segments = candidates.first(where: fits) else {
            let names = Set(firstCandidate.compactMap(\.parameterName))
            let required = firstCandidate.compactMap { segment -> String? in
                if case .parameter(let name, _) = segment { return name }
                return nil
            }
            throw ReverseRoutingError.parametersDoNotFit(
                route: route, missing: required.filter { parameters[$0] == nil },
                unknown: pathParameters.subtracting(names).sorted())
        }
        var pieces: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text):
                pieces.append(PercentDecoding.encodeSegment(text))
            case .parameter(let name, let type), .optional(let name, let type):
                guard let value = parameters[name] else { continue }
                if let type, let parameterType = trie.types.first(where: { $0.name == type }) {
                    let accepted = value.withUTF8Buffer { parameterType.accepts($0) }
                    guard accepted, !value.isEmpty else {
                        throw ReverseRoutingError.wrongType(route: route, parameter: name, type: type, value: value)
                    }
                }
                pieces.append(PercentDecoding.encodeSegment(value))
            case .catchAll(let name):
                guard let value = parameters[name], !value.isEmpty else { continue }
                pieces.append(
                    value.split(separator: "/", omittingEmptySubsequences: false).map(PercentDecoding.encodeSegment)
                        .joined(separator: "/"))
            }
        }
        if case .customScheme = style, !pieces.isEmpty,
            pieces[0].utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") })
        {
            // The first segment is the host: a ":" or "@" there would read as a port or user info.
            // (Looked for first: Foundation's replacement costs a preview page more than its route.)
            pieces[0] = pieces[0].replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "@", with: "%40")
        }
        var text = prefix + pieces.joined(separator: "/")
        var separator = "?"
        for item in definition.query {
            guard let value = parameters[item.name] else {
                if item.requirement == .required {
                    throw ReverseRoutingError.parametersDoNotFit(route: route, missing: [item.name], unknown: [])
                }
                continue
            }
            text +=
                separator + PercentDecoding.encodeQueryComponent(item.name) + "="
                + PercentDecoding.encodeQueryComponent(value)
            separator = "&"
        }
        // Every piece is percent-encoded; only a domain or scheme the table was built with that is
        // not one (a table not made from a validated manifest) can make the text no URL.
        guard let url = URL(string: text) else { throw ReverseRoutingError.invalidURL(text) }
        return url
    }
}
