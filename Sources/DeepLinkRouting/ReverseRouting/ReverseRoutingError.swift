/// Why a URL could not be built for a route.
public struct ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: Sendable, Hashable {
        /// The table has no route with this name.
        case unknownRoute(String)
        /// The route has no pattern of the requested style.
        case noPattern(route: String, style: LinkStyle)
        /// No pattern of the route takes exactly these parameters; `missing` and `unknown` are
        /// for the route's first pattern of the style.
        case parametersDoNotFit(route: String, missing: [String], unknown: [String])
        /// A value does not parse as its parameter's type.
        case wrongType(route: String, parameter: String, type: String, value: String)
        /// The domain is not one of the table's.
        case unknownDomain(String)
        /// The link built is not a URL `URL(string:)` accepts (a domain or scheme that is not
        /// one); the text as built.
        case invalidURL(String)
    }

    /// What is wrong.
    public var kind: Kind

    /// An error of this kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// What is wrong and what to build instead, naming the route.
    public var description: String {
        switch kind {
        case .unknownRoute(let name): "there is no route named \"\(name)\""
        case .noPattern(let route, .customScheme):
            "the route \"\(route)\" has no schemeLinks; build a universal link instead"
        case .noPattern(let route, _): "the route \"\(route)\" has no paths; build a custom-scheme link instead"
        case .parametersDoNotFit(let route, let missing, let unknown):
            "no pattern of the route \"\(route)\" takes these parameters"
                + (missing.isEmpty ? "" : "; missing: " + missing.joined(separator: ", "))
                + (unknown.isEmpty ? "" : "; not in the route: " + unknown.joined(separator: ", "))
        case .wrongType(let route, let parameter, let type, let value):
            "the parameter \"\(parameter)\" of the route \"\(route)\" is a \(type), and \"\(value)\" is not one"
        case .unknownDomain(let domain): "\"\(domain)\" is not one of the app's domains"
        case .invalidURL(let text):
            "\"\(text)\" is not a valid URL: check the domains and schemes the route table was built with"
        }
    }
}
