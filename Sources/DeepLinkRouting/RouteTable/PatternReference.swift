/// One pattern of one route, and where it is written (`routes[2].paths[0]`), for messages.
public struct PatternReference: Sendable, Hashable, CustomStringConvertible {
    /// The route's name.
    public var route: String
    /// The pattern as written.
    public var pattern: String
    /// Where the pattern is in the manifest, or would be if the route had been written in one.
    public var path: JSONPath

    /// A reference to `pattern` of `route`, written at `path`.
    public init(route: String, pattern: String, path: JSONPath) {
        self.route = route
        self.pattern = pattern
        self.path = path
    }

    /// `"/story/{id}" (route "story", routes[1].paths[0])`
    public var description: String { "\"\(pattern)\" (route \"\(route)\", \(path))" }
}
