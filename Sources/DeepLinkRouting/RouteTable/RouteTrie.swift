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
    }

    var nodes: [Node]
    var typedEdges: [TypedEdge]
    var literals: LiteralTable
    var terminals: [Terminal]
    var types: [ParameterType]
}

/// Builds a ``RouteTrie`` pattern by pattern, recording every conflict.
struct RouteTrieBuilder {
    var nodes: [RouteTrie.Node] = []
    var literalChildren: [[[UInt8]: Int32]] = []
    var typedChildren: [[(edge: RouteTrie.TypedEdge, origin: PatternReference)]] = []
    var terminals: [RouteTrie.Terminal] = []
    var terminalReferences: [PatternReference] = []
    var types: [ParameterType]
    var typeIndex: [String: Int32]
    var problems: [RouteTableError.Problem] = []
    let caseInsensitiveLiterals: Bool

    init(types: [ParameterType], caseInsensitiveLiterals: Bool) {
        self.types = types
        self.typeIndex = Dictionary(types.enumerated().map { ($0.element.name, Int32($0.offset)) }, uniquingKeysWith: { $1 })
        self.caseInsensitiveLiterals = caseInsensitiveLiterals
    }

    mutating func newNode(foldsCase: Bool) -> Int32 {
        var node = RouteTrie.Node()
        node.foldsCase = foldsCase
        nodes.append(node)
        literalChildren.append([:])
        typedChildren.append([])
        return Int32(nodes.count - 1)
    }

    /// Adds a pattern's segments under `root`; `display` renders an example URL for messages.
    mutating func insert(
        _ segments: [RoutePattern.Segment], at root: Int32, route: Int32, names: [String], reference: PatternReference,
        display: ([RoutePattern.Segment]) -> String
    ) {
        let terminal = RouteTrie.Terminal(
            route: route, pattern: reference.pattern, names: names,
            pathParameterCount: segments.count { $0.parameterName != nil }
        )
        var node = root
        func claim(_ slot: WritableKeyPath<RouteTrie.Node, Int32>, at node: Int32, _ builder: inout RouteTrieBuilder) -> Bool {
            let existing = builder.nodes[Int(node)][keyPath: slot]
            if existing >= 0 {
                builder.problems.append(.ambiguous(builder.terminalReferences[Int(existing)], reference, example: display(segments)))
                return false
            }
            builder.terminals.append(terminal)
            builder.terminalReferences.append(reference)
            builder.nodes[Int(node)][keyPath: slot] = Int32(builder.terminals.count - 1)
            return true
        }
        for segment in segments {
            switch segment {
            case .literal(let text):
                let folds = nodes[Int(node)].foldsCase
                let key = folds ? text.utf8.map(ASCII.lower) : Array(text.utf8)
                if let child = literalChildren[Int(node)][key] {
                    node = child
                } else {
                    let child = newNode(foldsCase: caseInsensitiveLiterals)
                    literalChildren[Int(node)][key] = child
                    nodes[Int(node)].hasLiterals = true
                    node = child
                }
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
                    problems.append(.unknownType(reference, type: typeName))
                    return
                }
                if let edge = typedChildren[Int(node)].first(where: { $0.edge.type == type }) {
                    node = edge.edge.child
                    continue
                }
                if let other = typedChildren[Int(node)].first(where: { types[Int($0.edge.type)].overlaps(types[Int(type)]) }) {
                    problems.append(.overlappingTypes(other.origin, reference, types[Int(other.edge.type)].name, typeName))
                    return
                }
                let child = newNode(foldsCase: caseInsensitiveLiterals)
                typedChildren[Int(node)].append((RouteTrie.TypedEdge(type: type, child: child), reference))
                node = child
            case .optional(_, let typeName):
                var type: Int32 = -1
                if let typeName {
                    guard let index = typeIndex[typeName] else {
                        problems.append(.unknownType(reference, type: typeName))
                        return
                    }
                    type = index
                }
                if claim(\.optional, at: node, &self) { nodes[Int(node)].optionalType = type }
                return
            case .catchAll:
                _ = claim(\.catchAll, at: node, &self)
                return
            }
        }
        _ = claim(\.exact, at: node, &self)
    }

    /// Freezes the nodes: typed edges flattened, literal edges hashed.
    func freeze() -> RouteTrie {
        var nodes = self.nodes
        var typedEdges: [RouteTrie.TypedEdge] = []
        var edges: [(parent: Int32, key: [UInt8], child: Int32)] = []
        for index in nodes.indices {
            nodes[index].typedStart = Int32(typedEdges.count)
            typedEdges.append(contentsOf: typedChildren[index].map(\.edge))
            nodes[index].typedEnd = Int32(typedEdges.count)
            for (key, child) in literalChildren[index] { edges.append((Int32(index), key, child)) }
        }
        return RouteTrie(nodes: nodes, typedEdges: typedEdges, literals: LiteralTable(edges), terminals: terminals, types: types)
    }
}
