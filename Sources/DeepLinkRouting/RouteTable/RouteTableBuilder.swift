/// Collects routes, domains, schemes and parameter types, then builds a frozen ``RouteTable``.
///
/// Start from a manifest (``init(manifest:)``) or empty, add routes in code with
/// ``add(_:paths:schemeLinks:query:barriers:)``, register custom parameter types, and call
/// ``build()``, which reports every conflict at once: ambiguous patterns (naming both), types that
/// could share a segment, unknown types, duplicate route names.
public struct RouteTableBuilder: Sendable {
    /// Hosts whose http(s) links are the app's; compared ignoring case.
    public var domains: [String]
    /// The app's custom schemes; compared ignoring case.
    public var customSchemes: [String]
    /// AASA-style path patterns whose universal links are ``Resolution/excluded``.
    public var exclude: [PathPattern]
    /// Whether literal segments compare ignoring ASCII case (`/Story/42` opens `/story/{id}`).
    /// Schemes and hosts, including a custom scheme link's host, always do.
    public var caseInsensitiveLiterals = false
    /// The routes added so far, in order.
    public private(set) var routes: [Manifest.Route] = []
    private var types = ParameterType.builtIn
    /// Whether a parameter type that was not registered accepts any segment instead of failing
    /// the build: for tools such as `wayfinder route`, which cannot see the types an app
    /// registers in code.
    public var acceptsUnknownTypes = false

    /// An empty builder for links on `domains` and in `customSchemes`, with `int` and `uuid`
    /// registered.
    public init(domains: [String] = [], customSchemes: [String] = [], exclude: [PathPattern] = []) {
        self.domains = domains
        self.customSchemes = customSchemes
        self.exclude = exclude
    }

    /// A builder holding the manifest's domains, custom schemes, exclude patterns and routes.
    public init(manifest: Manifest) {
        self.init(domains: manifest.domains, customSchemes: manifest.customSchemes, exclude: manifest.exclude)
        routes = manifest.routes
    }

    /// Makes `type` available to `{name:type}` segments; a later registration of a name wins.
    public mutating func register(_ type: ParameterType) {
        types.removeAll { $0.name == type.name }
        types.append(type)
    }

    /// Adds a route as it is; its patterns are checked against the others by ``build()``.
    public mutating func add(_ route: Manifest.Route) {
        routes.append(route)
    }

    /// Adds a route written in code; throws when a pattern does not parse.
    public mutating func add(
        _ name: String, paths: [String] = [], schemeLinks: [String] = [], query: [Manifest.QueryItem] = [],
        barriers: [String] = []
    ) throws(RoutePatternError) {
        var parsedPaths: [RoutePattern] = []
        for path in paths { parsedPaths.append(try RoutePattern(parsing: path)) }
        var parsedLinks: [SchemeLinkPattern] = []
        for link in schemeLinks { parsedLinks.append(try SchemeLinkPattern(parsing: link)) }
        add(Manifest.Route(name: name, paths: parsedPaths, schemeLinks: parsedLinks, query: query, barriers: barriers))
    }

    /// The frozen table, or every problem found.
    public func build() throws(RouteTableError) -> RouteTable {
        var allTypes = types
        if acceptsUnknownTypes {
            let names = Set(types.map(\.name))
            for route in routes {
                for segment in route.paths.flatMap(\.segments) + route.schemeLinks.flatMap(\.segments) {
                    if case .parameter(_, let type?) = segment, !names.contains(type),
                        !allTypes.contains(where: { $0.name == type })
                    {
                        allTypes.append(ParameterType(type) { _ in true })
                    } else if case .optional(_, let type?) = segment, !names.contains(type),
                        !allTypes.contains(where: { $0.name == type })
                    {
                        allTypes.append(ParameterType(type) { _ in true })
                    }
                }
            }
        }
        var trie = RouteTrieBuilder(routes: routes, types: allTypes, caseInsensitiveLiterals: caseInsensitiveLiterals)
        let schemes = customSchemes.map { $0.lowercased() }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let pathRoot = trie.newNode(foldsCase: caseInsensitiveLiterals)
        // A custom scheme link's first segment is its host, and hosts compare ignoring case.
        let schemeRoots = schemes.map { _ in trie.newNode(foldsCase: true) }
        // The table's index of routes by name, made once here: it also finds the duplicates.
        var routeIndex: [String: Int] = [:]
        routeIndex.reserveCapacity(routes.count)
        for (position, route) in routes.enumerated() {
            guard routeIndex.updateValue(position, forKey: route.name) == nil else {
                trie.problems.append(.duplicateRouteName(route.name))
                continue
            }
            let queryNames = route.query.map(\.name)
            for (index, pattern) in route.paths.enumerated() {
                let location = PatternLocation(route: Int32(position), isSchemeLink: false, index: Int32(index))
                guard checkQueryNames(pattern.segments, queryNames, location, &trie) else { continue }
                trie.insert(
                    pattern.segments, at: pathRoot,
                    names: queryNames.isEmpty ? pattern.parameterNames : pattern.parameterNames + queryNames,
                    location: location)
            }
            for (index, link) in route.schemeLinks.enumerated() {
                let location = PatternLocation(route: Int32(position), isSchemeLink: true, index: Int32(index))
                guard let schemeIndex = schemes.firstIndex(of: link.scheme) else {
                    trie.problems.append(.undeclaredScheme(trie.reference(location), scheme: link.scheme))
                    continue
                }
                guard checkQueryNames(link.segments, queryNames, location, &trie) else { continue }
                trie.insert(
                    link.segments, at: schemeRoots[schemeIndex], names: link.parameterNames + queryNames,
                    location: location)
            }
        }
        guard trie.problems.isEmpty else { throw RouteTableError(problems: trie.problems) }
        return RouteTable(
            routes: routes, domains: domains.map { $0.lowercased() }, customSchemes: schemes, exclude: exclude,
            caseInsensitiveLiterals: caseInsensitiveLiterals, trie: trie.freeze(), pathRoot: pathRoot,
            schemeRoots: schemeRoots, routeIndex: routeIndex
        )
    }

    private func checkQueryNames(
        _ segments: [RoutePattern.Segment], _ query: [String], _ location: PatternLocation,
        _ trie: inout RouteTrieBuilder
    ) -> Bool {
        guard !query.isEmpty, let name = segments.lazy.compactMap(\.parameterName).first(where: query.contains) else {
            return true
        }
        trie.problems.append(.queryParameterCollision(trie.reference(location), name: name))
        return false
    }
}

extension RouteTable {
    /// The table of a manifest's routes, with custom parameter types registered.
    public init(manifest: Manifest, types: [ParameterType] = [], caseInsensitiveLiterals: Bool = false)
        throws(RouteTableError)
    {
        var builder = RouteTableBuilder(manifest: manifest)
        for type in types { builder.register(type) }
        builder.caseInsensitiveLiterals = caseInsensitiveLiterals
        self = try builder.build()
    }

    /// The problems that would stop a manifest's table from building, as diagnostics; parameter
    /// types that are not built in are assumed registered (and able to match any segment).
    public static func diagnostics(for manifest: Manifest) -> [Diagnostic] {
        var builder = RouteTableBuilder(manifest: manifest)
        builder.acceptsUnknownTypes = true
        do {
            _ = try builder.build()
            return []
        } catch {
            return error.diagnostics
        }
    }
}
