import DeepLinkRouting

extension AASAFile {
    /// The outcome of reading a file: the model of everything readable, and every diagnostic.
    ///
    /// `file` is `nil` only when the text is not JSON or not an object; otherwise broken entries
    /// are left out (each with a diagnostic) and the rest is kept, in file order.
    public struct Decoded: Sendable {
        /// The model of everything readable; `nil` when the text is not JSON or not an object.
        public let file: AASAFile?
        /// Every problem found, in document order.
        public let diagnostics: [Diagnostic]
    }

    /// Nesting deeper than this is refused before it is read: real files nest six levels.
    public static let maximumDepth = 64

    /// Reads an association file from its bytes, leniently.
    public static func decode(_ bytes: some Collection<UInt8>) -> Decoded {
        var collector = DiagnosticCollector()
        if bytes.count > maximumSize {
            collector.error(
                "file-too-large", .root,
                "the file is \(bytes.count) bytes; Apple's CDN refuses files over \(maximumSize) bytes (128 KB)",
                hint: "merge rules with wildcards or substitution variables, and drop comments")
        }
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: maximumDepth).parse(bytes)
        } catch {
            collector.error(
                "invalid-json", .root, "not valid JSON at \(error.location): \(error.message)",
                hint: "the file must be one JSON object, served as is (not signed, or see `wayfinder aasa verify`)")
            return Decoded(file: nil, diagnostics: collector.diagnostics)
        }
        var reader = AASAReader(collector: collector)
        let file = reader.read(node)
        return Decoded(file: file, diagnostics: reader.collector.diagnostics)
    }

    /// Reads an association file from a parsed JSON tree, leniently.
    package static func decode(_ node: JSONNode) -> Decoded {
        var reader = AASAReader(collector: DiagnosticCollector())
        let file = reader.read(node)
        return Decoded(file: file, diagnostics: reader.collector.diagnostics)
    }
}

/// Walks an AASA tree into an ``AASAFile``, recording a diagnostic for every problem and keeping
/// everything that can be read.
struct AASAReader {
    var collector: DiagnosticCollector
    /// Names declared in `substitutionVariables` (checked against `$(…)` in patterns).
    private var declaredVariables: Set<String> = []

    init(collector: DiagnosticCollector) {
        self.collector = collector
    }

    static let topLevelKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let appLinksKeys = ["apps", "details", "defaults", "substitutionVariables"]
    static let detailKeys = ["appID", "appIDs", "paths", "components", "defaults", "comment"]
    static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

    mutating func read(_ node: JSONNode) -> AASAFile? {
        let root = JSONPath.root
        guard node.objectValue != nil else {
            collector.error(
                "not-an-object", root, "the file must be a JSON object, found \(node.kindDescription)",
                hint: "an association file is one JSON object such as {\"applinks\": {\"details\": […]}}", at: node)
            return nil
        }
        guard let members = collector.members(of: node, at: root, knownKeys: Self.topLevelKeys) else { return nil }
        var file = AASAFile()
        if let applinks = members["applinks"] {
            file.applinks = readAppLinks(applinks, at: root.appending("applinks"))
        }
        for key in ["webcredentials", "appclips", "activitycontinuation"] {
            guard let service = members[key] else { continue }
            let apps = readService(service, at: root.appending(key), name: key)
            switch key {
            case "webcredentials": file.webcredentials = apps
            case "appclips": file.appclips = apps
            default: file.activitycontinuation = apps
            }
        }
        return file
    }

    // MARK: Services

    private mutating func readService(_ node: JSONNode, at path: JSONPath, name: String) -> AASAFile.ServiceApps? {
        let hint = "write {\"apps\": [\"ABCDE12345.com.example.app\"]}"
        guard let members = node.objectValue else {
            collector.error(
                "service-wrong-shape", path,
                "\"\(name)\" must be an object with an \"apps\" array, found \(node.kindDescription)", hint: hint,
                at: node)
            return nil
        }
        guard let appsNode = members.first(where: { $0.key == "apps" })?.value, let elements = appsNode.arrayValue
        else {
            collector.error(
                "service-wrong-shape", path, "\"\(name)\" must have an \"apps\" array of app IDs", hint: hint, at: node)
            return nil
        }
        for member in members where member.key != "apps" {
            collector.warning(
                "unknown-key", path.appending(member.key), "unknown key \"\(member.key)\" is ignored",
                hint: "\"\(name)\" has only \"apps\"", at: member.value)
        }
        var apps: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else {
                collector.error(
                    "service-wrong-shape", path.appending("apps").appending(index),
                    "expected an app ID string, found \(element.kindDescription)", hint: hint, at: element)
                continue
            }
            checkAppID(string, at: path.appending("apps").appending(index), node: element)
            apps.append(string)
        }
        return AASAFile.ServiceApps(apps: apps)
    }

    private mutating func checkAppID(_ text: String, at path: JSONPath, node: JSONNode?) {
        guard AppID(text) == nil else { return }
        collector.error(
            "invalid-app-id", path, "\"\(text)\" is not an app ID (<team ID>.<bundle ID>)",
            hint: "the team ID is 10 upper-case letters or digits, as in ABCDE12345.com.example.app", at: node)
    }

    // MARK: applinks

    private mutating func readAppLinks(_ node: JSONNode, at path: JSONPath) -> AASAFile.AppLinks? {
        guard let members = collector.members(of: node, at: path, knownKeys: Self.appLinksKeys) else { return nil }
        var appLinks = AASAFile.AppLinks()
        if let variables = members["substitutionVariables"] {
            appLinks.substitutionVariables = readVariables(variables, at: path.appending("substitutionVariables"))
        }
        if let apps = members["apps"] {
            let appsPath = path.appending("apps")
            if let elements = apps.arrayValue {
                appLinks.apps = elements.compactMap(\.stringValue)
                if !elements.isEmpty {
                    collector.error(
                        "legacy-apps-not-empty", appsPath,
                        "\"apps\" lists \(elements.count) value(s); it must be empty",
                        hint: "write \"apps\": [] and name the apps in \"details\"", at: apps)
                }
            } else {
                collector.wrongType(apps, appsPath, expected: "an empty array", hint: "write \"apps\": []")
            }
        }
        if let defaults = members["defaults"] {
            appLinks.defaults = readDefaults(defaults, at: path.appending("defaults"))
        }
        if let details = members["details"] {
            let detailsPath = path.appending("details")
            switch details.value {
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    if let detail = readDetail(element, at: detailsPath.appending(index), keyedAppID: nil) {
                        appLinks.details.append(detail)
                    }
                }
            case .object(let entries):
                appLinks.detailsShape = .dictionary
                collector.warning(
                    "details-dictionary", detailsPath, "\"details\" is a dictionary keyed by app ID, an old shape",
                    hint: "write an array of {\"appIDs\": [\"…\"], \"components\": […]} objects", at: details)
                for entry in entries {
                    let entryPath = detailsPath.appending(entry.key)
                    checkAppID(entry.key, at: entryPath, node: entry.value)
                    if let detail = readDetail(entry.value, at: entryPath, keyedAppID: entry.key) {
                        appLinks.details.append(detail)
                    }
                }
            default:
                collector.error(
                    "details-wrong-type", detailsPath,
                    "\"details\" must be an array of objects, found \(details.kindDescription)",
                    hint:
                        "write \"details\": [{\"appIDs\": [\"ABCDE12345.com.example.app\"], \"components\": [{\"/\": \"/*\"}]}]",
                    at: details)
            }
        }
        return appLinks
    }

    private mutating func readVariables(_ node: JSONNode, at path: JSONPath) -> [AASAFile.SubstitutionVariable] {
        guard let members = node.objectValue else {
            collector.wrongType(node, path, expected: "an object of name → array of strings")
            return []
        }
        var variables: [AASAFile.SubstitutionVariable] = []
        for member in members {
            let variablePath = path.appending(member.key)
            if member.key.isEmpty || member.key.contains(where: { "$()".contains($0) }) {
                collector.error(
                    "invalid-variable-name", variablePath,
                    "the variable name \"\(member.key)\" contains \"$\", \"(\" or \")\" or is empty",
                    hint: "use letters, digits and _ only, then write $(name) in patterns", at: member.value)
                continue
            }
            guard let elements = member.value.arrayValue else {
                collector.wrongType(
                    member.value, variablePath, expected: "an array of strings (the values of $(\(member.key)))")
                continue
            }
            var values: [String] = []
            for (index, element) in elements.enumerated() {
                guard let string = element.stringValue else {
                    collector.wrongType(element, variablePath.appending(index), expected: "a string")
                    continue
                }
                if string.contains("$(") {
                    collector.error(
                        "variable-references-variable", variablePath.appending(index),
                        "the value \"\(string)\" refers to another variable; values may hold * and ? but not $(…)",
                        hint: "list the expanded values instead", at: element)
                    continue
                }
                values.append(string)
            }
            declaredVariables.insert(member.key)
            variables.append(AASAFile.SubstitutionVariable(name: member.key, values: values))
        }
        return variables
    }

    private mutating func readDetail(_ node: JSONNode, at path: JSONPath, keyedAppID: String?) -> AASAFile.Detail? {
        guard
            let members = collector.members(
                of: node, at: path, knownKeys: Self.detailKeys, expected: "an object (one app's rules)")
        else {
            return nil
        }
        var detail = AASAFile.Detail(appIDs: [])
        if let keyedAppID {
            detail.appIDs = [keyedAppID]
            detail.appIDKey = .dictionaryKey
        } else if let appIDs = collector.strings(
            "appIDs", in: members, at: path, required: false, what: "the app IDs this entry is for")
        {
            detail.appIDs = appIDs.map(\.value)
            for appID in appIDs { checkAppID(appID.value, at: appID.path, node: appID.node) }
            detail.appIDKey = .appIDs
        } else if let appID = collector.string("appID", in: members, at: path, required: false, what: "the app ID") {
            detail.appIDs = [appID]
            checkAppID(appID, at: path.appending("appID"), node: members["appID"])
            detail.appIDKey = .appID
        }
        if detail.appIDs.isEmpty && keyedAppID == nil {
            collector.error(
                "detail-missing-app-id", path, "this entry names no app, so its rules apply to none",
                hint: "add \"appIDs\": [\"ABCDE12345.com.example.app\"]", at: node)
        }
        if let paths = members["paths"] {
            detail.paths = readPaths(paths, at: path.appending("paths"))
        }
        if let components = members["components"] {
            let componentsPath = path.appending("components")
            if let elements = components.arrayValue {
                detail.components = elements.enumerated().compactMap { index, element in
                    readComponent(element, at: componentsPath.appending(index))
                }
            } else {
                collector.wrongType(components, componentsPath, expected: "an array of component objects")
            }
        }
        if detail.paths != nil && detail.components != nil {
            collector.warning(
                "paths-and-components-mixed", path,
                "this entry has both \"paths\" and \"components\"; iOS 13 and later ignore \"paths\"",
                hint: "put the legacy \"paths\" in a separate entry for the same app", at: node)
        }
        if let defaults = members["defaults"] {
            detail.defaults = readDefaults(defaults, at: path.appending("defaults"))
        }
        return detail
    }

    private mutating func readPaths(_ node: JSONNode, at path: JSONPath) -> [String]? {
        guard let elements = node.arrayValue else {
            collector.error(
                "paths-wrong-type", path, "\"paths\" must be an array of strings, found \(node.kindDescription)",
                hint: "write \"paths\": [\"/a/*\", \"NOT /b/*\"]", at: node)
            return nil
        }
        var paths: [String] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let string = element.stringValue else {
                collector.error(
                    "paths-wrong-type", elementPath, "a path must be a string, found \(element.kindDescription)",
                    hint: "write \"/a/*\" or \"NOT /b/*\"", at: element)
                continue
            }
            if string.hasPrefix("NOT") && !string.hasPrefix("NOT ") {
                collector.warning(
                    "not-without-space", elementPath,
                    "\"\(string)\" starts with NOT but no space, so it is a path, not an exclusion",
                    hint: "write \"NOT \(string.dropFirst(3))\"", at: element)
            }
            checkVariables(
                in: string.hasPrefix("NOT ") ? String(string.dropFirst(4)) : string, at: elementPath, node: element)
            paths.append(string)
        }
        return paths
    }

    private mutating func readDefaults(_ node: JSONNode, at path: JSONPath) -> AASAFile.Component? {
        let component = readComponent(node, at: path)
        if let component, component.hasPatternKeys {
            collector.warning(
                "pattern-in-defaults", path,
                "\"defaults\" carries a pattern key (\"/\", \"?\" or \"#\"); iOS applies it to every component that does not set its own",
                hint: "move patterns into components; keep only caseSensitive and percentEncoded in defaults", at: node)
        }
        return component
    }

    /// Reads one component. A file has thousands: the usual one (known keys, each once) is read
    /// without a dictionary of its members and without making its path, which only diagnostics
    /// need.
    private mutating func readComponent(_ node: JSONNode, at path: @autoclosure () -> JSONPath)
        -> AASAFile.Component?
    {
        guard let list = node.objectValue, Self.hasKnownKeysOnce(list, Self.componentKeys) else {
            // Wrong kind, unknown or repeated keys: the general reader says so; lookups below
            // find each key's first member, as its dictionary does.
            guard collector.members(of: node, at: path(), knownKeys: Self.componentKeys) != nil else { return nil }
            return readComponentMembers(MemberList(members: node.objectValue ?? []), at: path)
        }
        return readComponentMembers(MemberList(members: list), at: path)
    }

    private mutating func readComponentMembers(_ members: MemberList, at path: () -> JSONPath) -> AASAFile.Component? {
        var component = AASAFile.Component()
        component.path = patternString("/", in: members, at: path())
        component.fragment = patternString("#", in: members, at: path())
        if let query = members["?"] {
            component.query = readQuery(query, at: path().appending("?"))
        }
        component.exclude = bool("exclude", in: members, at: path())
        component.caseSensitive = bool("caseSensitive", in: members, at: path())
        component.percentEncoded = bool("percentEncoded", in: members, at: path())
        if let comment = members["comment"] {
            component.comment = comment.stringValue
            if comment.stringValue == nil {
                collector.warning(
                    "component-key-wrong-type", path().appending("comment"),
                    "\"comment\" should be a string, found \(comment.kindDescription)", at: comment)
            }
        }
        return component
    }

    private mutating func patternString(_ key: String, in members: MemberList, at path: @autoclosure () -> JSONPath)
        -> String?
    {
        guard let node = members[key] else { return nil }
        guard let string = node.stringValue else {
            collector.error(
                "component-key-wrong-type", path().appending(key),
                "\"\(key)\" must be a pattern string, found \(node.kindDescription); the key is ignored, so the rule matches any value",
                hint: "write a pattern such as \"/path/*\"", at: node)
            return nil
        }
        checkVariables(in: string, at: path().appending(key), node: node)
        return string
    }

    private mutating func bool(_ key: String, in members: MemberList, at path: @autoclosure () -> JSONPath) -> Bool? {
        guard let node = members[key] else { return nil }
        guard let bool = node.boolValue else {
            collector.error(
                "component-key-wrong-type", path().appending(key),
                "\"\(key)\" must be true or false, found \(node.kindDescription); the key is ignored",
                hint: "write \"\(key)\": true (without quotes)", at: node)
            return nil
        }
        return bool
    }

    private mutating func readQuery(_ node: JSONNode, at path: @autoclosure () -> JSONPath) -> AASAFile.QueryPattern? {
        switch node.value {
        case .string(let string):
            checkVariables(in: string, at: path(), node: node)
            return .whole(string)
        case .object(let members):
            var items: [AASAFile.QueryItemPattern] = []
            var ignored = false
            for member in members {
                guard let pattern = member.value.stringValue else {
                    ignored = true
                    collector.error(
                        "query-value-not-string", path().appending(member.key),
                        "the query item \"\(member.key)\" has \(member.value.kindDescription) as its pattern; iOS then ignores the whole \"?\" dictionary, so the rule matches any query",
                        hint: "write the value as a string pattern, such as \"?*\" for any non-empty value",
                        at: member.value)
                    continue
                }
                checkVariables(in: pattern, at: path().appending(member.key), node: member.value)
                items.append(AASAFile.QueryItemPattern(name: member.key, pattern: pattern))
            }
            return ignored ? .ignoredDictionary(AASAFile.RawJSON(node.withoutLocations)) : .items(items)
        default:
            collector.error(
                "component-key-wrong-type", path(),
                "\"?\" must be a pattern string or a dictionary of item patterns, found \(node.kindDescription); the key is ignored",
                hint: "write \"?\": {\"id\": \"?*\"}", at: node)
            return nil
        }
    }

    /// Whether every member's key is one of `known` and no key is written twice (then reading the
    /// members has nothing to report).
    private static func hasKnownKeysOnce(_ members: [JSONNode.Member], _ known: [String]) -> Bool {
        for (index, member) in members.enumerated() {
            guard known.contains(member.key) else { return false }
            for earlier in members[..<index] where earlier.key == member.key { return false }
        }
        return true
    }

    /// Reports `$(` without `)`, names with `$` or `(`, and names that are neither declared nor built in.
    private mutating func checkVariables(in pattern: String, at path: @autoclosure () -> JSONPath, node: JSONNode) {
        // Most patterns hold no reference; their path is then never made.
        guard SubstitutionReference.mayHoldReference(pattern) else { return }
        let path = path()
        for reference in SubstitutionReference.scan(pattern) {
            switch reference {
            case .unclosed:
                collector.error(
                    "unclosed-variable", path,
                    "\"\(pattern)\" opens \"$(\" without closing it; the text is then compared literally",
                    hint: "write $(name) with a closing parenthesis", at: node)
            case .variable(let name):
                if name.isEmpty || name.contains(where: { "$(".contains($0) }) {
                    collector.error(
                        "invalid-variable-name", path, "\"$(\(name))\" is not a variable name",
                        hint: "names have no \"$\", \"(\" or \")\"", at: node)
                } else if !declaredVariables.contains(name) && BuiltInVariables.values(for: name) == nil {
                    collector.error(
                        "undefined-variable", path,
                        "\"$(\(name))\" is not declared in substitutionVariables and is not built in; the pattern never matches",
                        hint: "declare it in applinks.substitutionVariables, or use a built-in: "
                            + BuiltInVariables.names.joined(separator: ", "), at: node)
                }
            }
        }
    }
}

extension JSONNode {
    /// The same value with every location reset, so that models read from different texts compare equal.
    var withoutLocations: JSONNode {
        switch value {
        case .array(let elements): JSONNode(.array(elements.map(\.withoutLocations)))
        case .object(let members):
            JSONNode(.object(members.map { .init(key: $0.key, value: $0.value.withoutLocations) }))
        default: JSONNode(value)
        }
    }
}

/// An object's members looked up by key in a short walk rather than through a dictionary: an
/// AASA component has a handful of keys and a file thousands of components. A key written twice
/// finds its first member, as ``DiagnosticCollector/members(of:at:knownKeys:expected:)``'s
/// dictionary does.
struct MemberList {
    let members: [JSONNode.Member]

    subscript(key: String) -> JSONNode? {
        for member in members where member.key == key { return member.value }
        return nil
    }
}
