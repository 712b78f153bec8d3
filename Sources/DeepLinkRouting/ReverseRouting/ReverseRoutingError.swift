/// Why a URL could not be built for a route.
///
/// Match on ``code`` (`catch let error as ReverseRoutingError where error.code == .unknownRoute`);
/// the set of codes may grow without breaking a `switch`. ``description`` says what to build
/// instead.
public struct ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case unknownRoute(String)
        case noPattern(route: String, style: LinkStyle)
        case parametersDoNotFit(route: String, missing: [String], unknown: [String])
        case wrongType(route: String, parameter: String, type: String, value: String)
        case unknownDomain(String)
        case invalidURL(String)
    }

    /// A stable kind of reverse-routing error, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// The table has no route with this name.
        public static let unknownRoute = Code("unknown-route")
        /// The route has no pattern of the requested style.
        public static let noPattern = Code("no-pattern-of-style")
        /// No pattern of the route takes exactly these parameters.
        public static let parametersDoNotFit = Code("parameters-do-not-fit")
        /// A value does not parse as its parameter's type.
        public static let wrongType = Code("wrong-parameter-type")
        /// The domain is not one of the table's.
        public static let unknownDomain = Code("unknown-domain")
        /// The link built is not a URL `URL(string:)` accepts.
        public static let invalidURL = Code("invalid-url")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The table has no route named `name`.
    public static func unknownRoute(_ name: String) -> Self { Self(.unknownRoute(name)) }

    /// The route has no pattern of the requested style.
    public static func noPattern(route: String, style: LinkStyle) -> Self {
        Self(.noPattern(route: route, style: style))
    }

    /// No pattern of the route takes exactly these parameters; `missing` and `unknown` are for
    /// the route's first pattern of the style.
    public static func parametersDoNotFit(route: String, missing: [String], unknown: [String]) -> Self {
        Self(.parametersDoNotFit(route: route, missing: missing, unknown: unknown))
    }

    /// `value` does not parse as `type`, the type of the route's `parameter`.
    public static func wrongType(route: String, parameter: String, type: String, value: String) -> Self {
        Self(.wrongType(route: route, parameter: parameter, type: type, value: value))
    }

    /// The domain is not one of the table's.
    public static func unknownDomain(_ domain: String) -> Self { Self(.unknownDomain(domain)) }

    /// The link built is not a URL `URL(string:)` accepts (a domain or scheme that is not one);
    /// the text as built.
    public static func invalidURL(_ text: String) -> Self { Self(.invalidURL(text)) }

    /// What kind of error this is.
    public var code: Code {
        switch reason {
        case .unknownRoute: .unknownRoute
        case .noPattern: .noPattern
        case .parametersDoNotFit: .parametersDoNotFit
        case .wrongType: .wrongType
        case .unknownDomain: .unknownDomain
        case .invalidURL: .invalidURL
        }
    }

    /// What is wrong and what to build instead, naming the route.
    public var description: String {
        switch reason {
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
