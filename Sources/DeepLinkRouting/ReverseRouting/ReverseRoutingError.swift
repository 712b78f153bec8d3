/// Why a URL could not be built for a route.
///
/// Match on ``code`` (`catch let error as ReverseRoutingError where error.code == .unknownRoute`);
/// the set of codes may grow without breaking a `switch`. ``message`` says what to build
/// instead.
public struct ReverseRoutingError: CodedError, Hashable {
    /// A stable kind of reverse-routing error, for matching and for logs.
    public typealias Code = ErrorCode<ReverseRoutingError>

    public let code: Code
    public let message: String

    /// The table has no route named `name`.
    public static func unknownRoute(_ name: String) -> Self {
        Self(code: .unknownRoute, message: "there is no route named \"\(name)\"")
    }

    /// The route has no pattern of the requested style.
    public static func noPattern(route: String, style: LinkStyle) -> Self {
        Self(
            code: .noPattern,
            message: style == .customScheme
                ? "the route \"\(route)\" has no schemeLinks; build a universal link instead"
                : "the route \"\(route)\" has no paths; build a custom-scheme link instead")
    }

    /// No pattern of the route takes exactly these parameters; `missing` and `unknown` are for
    /// the route's first pattern of the style.
    public static func parametersDoNotFit(route: String, missing: [String], unknown: [String]) -> Self {
        Self(
            code: .parametersDoNotFit,
            message: "no pattern of the route \"\(route)\" takes these parameters"
                + (missing.isEmpty ? "" : "; missing: " + missing.joined(separator: ", "))
                + (unknown.isEmpty ? "" : "; not in the route: " + unknown.joined(separator: ", ")))
    }

    /// `value` does not parse as `type`, the type of the route's `parameter`.
    public static func wrongType(route: String, parameter: String, type: String, value: String) -> Self {
        Self(
            code: .wrongType,
            message:
                "the parameter \"\(parameter)\" of the route \"\(route)\" is a \(type), and \"\(value)\" is not one")
    }

    /// The domain is not one of the table's.
    public static func unknownDomain(_ domain: String) -> Self {
        Self(code: .unknownDomain, message: "\"\(domain)\" is not one of the app's domains")
    }

    /// The link built is not a URL `URL(string:)` accepts (a domain or scheme that is not one);
    /// the text as built.
    public static func invalidURL(_ text: String) -> Self {
        Self(
            code: .invalidURL,
            message: "\"\(text)\" is not a valid URL: check the domains and schemes the route table was built with")
    }
}

extension ErrorCode where Owner == ReverseRoutingError {
    /// The table has no route with this name.
    public static let unknownRoute = Self("unknown-route")
    /// The route has no pattern of the requested style.
    public static let noPattern = Self("no-pattern-of-style")
    /// No pattern of the route takes exactly these parameters.
    public static let parametersDoNotFit = Self("parameters-do-not-fit")
    /// A value does not parse as its parameter's type.
    public static let wrongType = Self("wrong-parameter-type")
    /// The domain is not one of the table's.
    public static let unknownDomain = Self("unknown-domain")
    /// The link built is not a URL `URL(string:)` accepts.
    public static let invalidURL = Self("invalid-url")
}
