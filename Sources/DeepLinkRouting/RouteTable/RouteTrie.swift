/// The compiled trie behind a ``RouteTable``: flat arrays indexed by `Int32`, literal edges in
/// one hash table, so matching touches a handful of array slots per segment whatever the number
/// of routes.
struct RouteTrie: Sendable {
    /// One node; every index is -1 when absent.
    struct Node: Sendable {
        var typedStart: Int32 = 0
        var typedEnd: Int32 = 0
        /// The untyped `{name}` child.
        var param: Int32 = -1
        /// The terminal of the pattern that ends here.
        var exact: Int32 = -1
        /// The terminal of the pattern whose optional last segment is here.
        var optional: Int32 = -1
        var optionalType: Int32 = -1
        /// The terminal of the pattern whose catch-all is here.
        var catchAll: Int32 = -1
        var hasLiterals = false
        /// Whether this node's literal children compare ignoring ASCII case.
        var foldsCase = false
    }

    struct TypedEdge: Sendable {
        var type: Int32
        var child: Int32
    }

    /// A pattern's end: which route, and the names its captures fill, in capture order (path
    /// parameters, then the route's declared query items).
    struct Terminal: Sendable {
        var route: Int32
        var pattern: String
        var names: [String]
        var pathParameterCount: Int
        /// Whether the route declares query items (which matching then looks for).
        var hasQuery: Bool
    }

    var nodes: [Node]
    var typedEdges: [TypedEdge]
    var literals: LiteralTable
    var terminals: [Terminal]
    var types: [ParameterType]
}

/// Where a pattern is written: which route, `paths` or `schemeLinks`, which element. Kept instead
/// of a ``PatternReference`` so that building 100,000 routes makes no strings for messages.
struct PatternLocation: Sendable {
    var route: Int32
    var isSchemeLink: Bool
    var index: Int32
}

/// Builds a ``RouteTrie`` pattern by pattern, recording every conflict.
struct RouteTrieBuilder {
    var nodes: [RouteTrie.Node] = []
    var literals = LiteralTable()
    /// Typed edges as one linked list per node (`typedHeads[node]`, then `next`), in the order
    /// they were added: one array for the whole trie instead of one per node.
    var typedEdges: [(edge: RouteTrie.TypedEdge, origin: PatternLocation, next: Int32)] = []
    var typedHeads: [Int32] = []
    var terminals: [RouteTrie.Terminal] = []
    var terminalLocations: [PatternLocation] = []
    var types: [ParameterType]
    var typeIndex: [String: Int32]
    var problems: [RouteTableError.Problem] = []
    let routes: [Manifest.Route]
    let caseInsensitiveLiterals: Bool

    init(routes: [Manifest.Route], types: [ParameterType], caseInsensitiveLiterals: Bool) {
        self.routes = routes
        // Room for every segment of every pattern, so that building never grows the arrays.
        var segments = 0
        var literalSegments = 0
        var patterns = 0
        for route in routes {
            for pattern in route.paths {
                segments += pattern.segments.count
                for case .literal in pattern.segments { literalSegments += 1 }
            }
            for link in route.schemeLinks {
                segments += link.segments.count
                for case .literal in link.segments { literalSegments += 1 }
            }
            patterns += route.paths.count + route.schemeLinks.count
        }
        nodes.reserveCapacity(segments + 1)
        typedHeads.reserveCapacity(segments + 1)
        terminals.reserveCapacity(patterns)
        terminalLocations.reserveCapacity(patterns)
        literals = LiteralTable(capacity: literalSegments)
        self.types = types
        self.typeIndex = Dictionary(
            types.enumerated().map { ($0.element.name, Int32($0.offset)) }, uniquingKeysWith: { $1 })
        self.caseInsensitiveLiterals = caseInsensitiveLiterals
    }

    mutating func newNode(foldsCase: Bool) -> Int32 {
        var node = RouteTrie.Node()
        node.foldsCase = foldsCase
        nodes.append(node)
        typedHeads.append(-1)
        return Int32(nodes.count - 1)
    }

    /// The text of the pattern at `location` (without the JSON path a message needs).
    func patternText(_ location: PatternLocation) -> String {
        let route = routes[Int(location.route)]
        return location.isSchemeLink
            ? route.schemeLinks[Int(location.index)].text : route.paths[Int(location.index)].text
    }

    /// The pattern at `location`, named for a message.
    func reference(_ location: PatternLocation) -> PatternReference {
        let route = routes[Int(location.route)]
        let list = location.isSchemeLink ? "schemeLinks" : "paths"
        let text =
            location.isSchemeLink ? route.schemeLinks[Int(location.index)].text : route.paths[Int(location.index)].text
        let path = JSONPath.root.appending("routes").appending(Int(location.route)).appending(list).appending(
            Int(location.index))
        return PatternReference(route: route.name, pattern: text, path: path)
    }

    /// A link both conflicting patterns match, for the message: literals as written, a sample
    /// value for each parameter, optional and catch-all segments left out.
    func example(_ location: PatternLocation) -> String {
        let route = routes[Int(location.route)]
        let segments =
            location.isSchemeLink
            ? route.schemeLinks[Int(location.index)].segments : route.paths[Int(location.index)].segments
        let prefix = location.isSchemeLink ? route.schemeLinks[Int(location.index)].scheme + "://" : "/"
        let pieces = segments.compactMap { segment -> String? in
            switch segment {
            case .literal: segment.patternText
            case .parameter(_, "int"): "1"
            case .parameter(_, "uuid"): "00000000-0000-0000-0000-000000000000"
            case .parameter(let name, _): name
            case .optional, .catchAll: nil
            }
        }
        return "\"" + prefix + pieces.joined(separator: "/") + "\""
    }

    /// Adds a pattern's segments under `root`.
    mutating func insert(_ segments: [RoutePattern.Segment], at root: Int32, names: [String], location: PatternLocation)
    {
        var parameterCount = 0
        for segment in segments where segment.parameterName != nil { parameterCount += 1 }
        let terminal = RouteTrie.Terminal(
            route: location.route, pattern: patternText(location), names: names,
            pathParameterCount: parameterCount, hasQuery: !routes[Int(location.route)].query.isEmpty
        )
        var node = root
        for segment in segments {
            switch segment {
            case .literal(let text):
                let parent = node
                let folds = nodes[Int(node)].foldsCase
                let existing = text.withUTF8Buffer { literals.child(of: parent, key: $0, folding: folds) }
                if existing >= 0 {
                    node = existing
                } else {
                    node = newNode(foldsCase: caseInsensitiveLiterals)
                    text.withUTF8Buffer { literals.insert(parent: parent, key: $0, folding: folds, child: node) }
                }
                nodes[Int(parent)].hasLiterals = true
            case .parameter(_, nil):
                if nodes[Int(node)].param >= 0 {
                    node = nodes[Int(node)].param
                } else {
                    let child = newNode(foldsCase: caseInsensitiveLiterals)
                    nodes[Int(node)].param = child
                    node = child
                }
            case .parameter(_, let typeName?):
                guard let type = typeIndex[typeName] else {
                    problems.append(.unknownType(reference(location), type: typeName))
                    return
                }
                var edge = typedHeads[Int(node)]
                var last: Int32 = -1
                var same: Int32 = -1
                while edge >= 0 {
                    if typedEdges[Int(edge)].edge.type == type {
                        same = edge
                        break
                    }
                    last = edge
                    edge = typedEdges[Int(edge)].next
                }
                if same >= 0 {
                    node = typedEdges[Int(same)].edge.child
                    continue
                }
                edge = typedHeads[Int(node)]
                while edge >= 0 {
                    let other = typedEdges[Int(edge)]
                    if types[Int(other.edge.type)].overlaps(types[Int(type)]) {
                        problems.append(
                            .overlappingTypes(
                                reference(other.origin), reference(location), types[Int(other.edge.type)].name,
                                typeName))
                        return
                    }
                    edge = other.next
                }
                let child = newNode(foldsCase: caseInsensitiveLiterals)
                typedEdges.append((RouteTrie.TypedEdge(type: type, child: child), location, -1))
                let added = Int32(typedEdges.count - 1)
                if last >= 0 { typedEdges[Int(last)].next = added } else { typedHeads[Int(node)] = added }
                node = child
            case .optional(_, let typeName):
                var type: Int32 = -1
                if let typeName {
                    guard let index = typeIndex[typeName] else {
                        problems.append(.unknownType(reference(location), type: typeName))
                        return
                    }
                    type = index
                }
                if claim(.optional, at: node, terminal, location) { nodes[Int(node)].optionalType = type }
                return
            case .catchAll:
                _ = claim(.catchAll, at: node, terminal, location)
                return
            }
        }
        _ = claim(.exact, at: node, terminal, location)
    }

    /// The terminal slots of a node.
    enum Slot {
        case exact, optional, catchAll
    }

    /// Makes `terminal` the one at `slot` of `node`, or records the ambiguity with the pattern
    /// already there.
    private mutating func claim(
        _ slot: Slot, at node: Int32, _ terminal: RouteTrie.Terminal, _ location: PatternLocation
    )
        -> Bool
    {
        let existing =
            switch slot {
            case .exact: nodes[Int(node)].exact
            case .optional: nodes[Int(node)].optional
            case .catchAll: nodes[Int(node)].catchAll
            }
        if existing >= 0 {
            let first = reference(terminalLocations[Int(existing)])
            problems.append(.ambiguous(first, reference(location), example: example(location)))
            return false
        }
        terminals.append(terminal)
        terminalLocations.append(location)
        let index = Int32(terminals.count - 1)
        switch slot {
        case .exact: nodes[Int(node)].exact = index
        case .optional: nodes[Int(node)].optional = index
        case .catchAll: nodes[Int(node)].catchAll = index
        }
        return true
    }

    /// Freezes the nodes: typed edges flattened next to one another, node by node. The builder's
    /// arrays move into the trie (it is not used afterwards).
    mutating func freeze() -> RouteTrie {
        var nodes: [RouteTrie.Node] = []
        swap(&nodes, &self.nodes)
        var flat: [RouteTrie.TypedEdge] = []
        flat.reserveCapacity(typedEdges.count)
        for index in typedHeads.indices where typedHeads[index] >= 0 {
            nodes[index].typedStart = Int32(flat.count)
            var edge = typedHeads[index]
            while edge >= 0 {
                flat.append(typedEdges[Int(edge)].edge)
                edge = typedEdges[Int(edge)].next
            }
            nodes[index].typedEnd = Int32(flat.count)
        }
        var terminals: [RouteTrie.Terminal] = []
        swap(&terminals, &self.terminals)
        var literals = LiteralTable()
        swap(&literals, &self.literals)
        return RouteTrie(nodes: nodes, typedEdges: flat, literals: literals, terminals: terminals, types: types)
    }
}
