/// Why a route table could not be built: every problem found, each naming the patterns involved.
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem: a struct over a private reason, so new kinds of problem can be added without
    /// breaking a caller's `switch`; match on ``code``.
    public struct Problem: Sendable, Hashable {
        private enum Reason: Sendable, Hashable {
            case ambiguous(PatternReference, PatternReference, example: String)
            case overlappingTypes(PatternReference, PatternReference, String, String)
            case unknownType(PatternReference, type: String)
            case duplicateRouteName(String)
            case undeclaredScheme(PatternReference, scheme: String)
            case queryParameterCollision(PatternReference, name: String)
            case invalidPattern(RoutePatternError)
        }

        private let reason: Reason

        private init(_ reason: Reason) { self.reason = reason }

        /// Both patterns match `example` equally specifically, so neither could win.
        public static func ambiguous(_ first: PatternReference, _ second: PatternReference, example: String) -> Self {
            Self(.ambiguous(first, second, example: example))
        }

        /// Two different parameter types at the same position (the first pattern's, then the
        /// second's), which one segment could satisfy.
        public static func overlappingTypes(
            _ first: PatternReference, _ second: PatternReference, _ firstType: String, _ secondType: String
        ) -> Self {
            Self(.overlappingTypes(first, second, firstType, secondType))
        }

        /// A typed parameter names a type that was not registered.
        public static func unknownType(_ reference: PatternReference, type: String) -> Self {
            Self(.unknownType(reference, type: type))
        }

        /// Two routes have one name.
        public static func duplicateRouteName(_ name: String) -> Self { Self(.duplicateRouteName(name)) }

        /// A scheme link in a scheme the table was not given.
        public static func undeclaredScheme(_ reference: PatternReference, scheme: String) -> Self {
            Self(.undeclaredScheme(reference, scheme: scheme))
        }

        /// A query item with the name of a path parameter.
        public static func queryParameterCollision(_ reference: PatternReference, name: String) -> Self {
            Self(.queryParameterCollision(reference, name: name))
        }

        /// A pattern given in code that does not parse.
        public static func invalidPattern(_ error: RoutePatternError) -> Self { Self(.invalidPattern(error)) }
    }

    /// Every problem found, in the order the routes were added.
    public var problems: [Problem]

    /// An error carrying these problems.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// Each problem's message on its own line.
    public var description: String { problems.map(\.message).joined(separator: "\n") }

    /// The problems as diagnostics, each at the path of the (second) pattern.
    public var diagnostics: [Diagnostic] { problems.map(\.diagnostic) }
}

extension RouteTableError.Problem {
    /// A stable kebab-case code, the code of the problem's diagnostic.
    public var code: String {
        switch reason {
        case .ambiguous: "ambiguous-patterns"
        case .overlappingTypes: "overlapping-parameter-types"
        case .unknownType: "unknown-parameter-type"
        case .duplicateRouteName: "duplicate-route-name"
        case .undeclaredScheme: "undeclared-scheme"
        case .queryParameterCollision: "query-parameter-collision"
        case .invalidPattern(let error): error.code.description
        }
    }

    /// What is wrong, naming every pattern involved and what to do.
    public var message: String {
        switch reason {
        case .ambiguous(let first, let second, let example):
            "\(second) and \(first) both match \(example) equally specifically; change a literal, give a parameter a type, or remove one of them"
        case .overlappingTypes(let first, let second, let firstType, let secondType):
            "\(second) has a \"\(secondType)\" parameter where \(first) has a \"\(firstType)\" one; a segment could be both, so neither would be more specific: use one type at this position, or a literal to tell them apart"
        case .unknownType(let reference, let type):
            "\(reference) uses the parameter type \"\(type)\", which is not registered; register it with RouteTableBuilder.register(_:) or use int or uuid"
        case .duplicateRouteName(let name):
            "the route name \"\(name)\" is used twice; list all of its patterns in one route"
        case .undeclaredScheme(let reference, let scheme):
            "\(reference) uses the scheme \"\(scheme)\", which the table does not handle; add it to the custom schemes"
        case .queryParameterCollision(let reference, let name):
            "\(reference) captures \"\(name)\", which the route also declares as a query item; rename one"
        case .invalidPattern(let error):
            error.message
        }
    }

    /// The patterns involved, in the order they were added (none for a duplicate name or a
    /// pattern that does not parse).
    public var patterns: [PatternReference] {
        switch reason {
        case .ambiguous(let first, let second, _), .overlappingTypes(let first, let second, _, _): [first, second]
        case .unknownType(let reference, _), .undeclaredScheme(let reference, _),
            .queryParameterCollision(let reference, _):
            [reference]
        case .duplicateRouteName, .invalidPattern: []
        }
    }

    /// Where in the manifest the problem is: the (second) pattern's path.
    public var path: JSONPath {
        switch reason {
        case .ambiguous(_, let second, _), .overlappingTypes(_, let second, _, _): second.path
        case .unknownType(let reference, _), .undeclaredScheme(let reference, _),
            .queryParameterCollision(let reference, _):
            reference.path
        case .duplicateRouteName, .invalidPattern: JSONPath.root.appending("routes")
        }
    }

    var diagnostic: Diagnostic {
        var hint: String? = nil
        switch reason {
        case .ambiguous(let first, _, _), .overlappingTypes(let first, _, _, _):
            hint = "the other pattern is at \(first.path)"
        default: break
        }
        return Diagnostic(.error, code: code, path: path, message: message, hint: hint)
    }
}
