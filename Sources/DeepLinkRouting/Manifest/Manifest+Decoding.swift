import Foundation

extension Manifest {
    /// The outcome of reading a manifest: the manifest when it has no errors, and every
    /// diagnostic (errors and warnings) either way.
    public struct Decoded: Sendable {
        /// The manifest, or `nil` when any diagnostic is an error.
        public let manifest: Manifest?
        /// Every finding, errors and warnings, in document order.
        public let diagnostics: [Diagnostic]
    }

    /// Parameter types every router understands without registration.
    public static let builtInParameterTypes = Set(ParameterType.builtIn.map(\.name))

    /// Reads a manifest from JSON text, checking every field and collecting every problem.
    public static func decode(_ bytes: some Collection<UInt8>) -> Decoded {
        let node: JSONNode
        do {
            node = try JSONParser().parse(bytes)
        } catch {
            return Decoded(manifest: nil, diagnostics: [invalidJSON(error)])
        }
        return decode(node)
    }

    /// The diagnostic for text that is not JSON.
    static func invalidJSON(_ error: JSONParseError) -> Diagnostic {
        Diagnostic(
            .error, code: "invalid-json", path: .root,
            message: "not valid JSON at \(error.location): \(error.message)", location: error.location)
    }

    /// Reads a manifest from a parsed JSON tree.
    package static func decode(_ node: JSONNode) -> Decoded {
        var reader = ManifestReader()
        let manifest = reader.read(node)
        var diagnostics = reader.collector.diagnostics
        // A manifest that reads clean must also build: ambiguous patterns are errors here too.
        if !diagnostics.containsErrors, let manifest {
            diagnostics += RouteTable.diagnostics(for: manifest)
        }
        return Decoded(manifest: diagnostics.containsErrors ? nil : manifest, diagnostics: diagnostics)
    }

    /// Reads a manifest, throwing every diagnostic when it has an error (warnings are dropped).
    public init(json bytes: some Collection<UInt8>) throws(ManifestError) {
        let decoded = Manifest.decode(bytes)
        guard let manifest = decoded.manifest else { throw ManifestError(diagnostics: decoded.diagnostics) }
        self = manifest
    }

    /// Reads a manifest file.
    public init(contentsOf url: URL) throws(ManifestError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ManifestError(diagnostics: [
                Diagnostic(
                    .error, code: "unreadable-file", path: .root,
                    message: "cannot read \(url.path): \(error.localizedDescription)")
            ])
        }
        try self.init(json: data)
    }
}

/// Walks a manifest's JSON tree into a ``Manifest``, recording a diagnostic for every problem.
struct ManifestReader {
    var collector = DiagnosticCollector()
    /// The parameter types patterns may name; others are reported as `unknown-parameter-type`.
    var knownTypes: [String] = ParameterType.builtIn.map(\.name)

    static let topLevelKeys = [
        "id", "name", "ios", "android", "domains", "web", "routes", "exclude", "shortLinksOpenApp", "iconURL",
        "linkPathPrefixes", "longLinks", "linkOrigins", "apps",
    ]
    static let appsKeys = ["attributionWindowDays", "clickParameter"]
    static let longLinksKeys = ["social", "imageHosts"]
    static let iosKeys = ["appIDs", "appStoreID", "scheme"]
    static let androidKeys = ["package", "sha256CertFingerprints", "scheme"]
    static let routeKeys = ["name", "paths", "schemeLinks", "query", "barriers", "web"]

    mutating func read(_ node: JSONNode) -> Manifest? {
        let root = JSONPath.root
        guard
            let members = collector.members(
                of: node, at: root, knownKeys: Self.topLevelKeys, expected: "an object (the app manifest)")
        else {
            return nil
        }
        let id = readTenantID(members)
        let name = collector.string("name", in: members, at: root, required: false, what: "the app's name, for people")
        let ios = members["ios"].flatMap { readIOS($0, at: root.appending("ios")) }
        let android = members["android"].flatMap { readAndroid($0, at: root.appending("android")) }
        if members["ios"] == nil && members["android"] == nil {
            collector.error(
                "missing-platform", root,
                "the manifest names no app; add \"ios\" (appIDs) or \"android\" (package and fingerprints) or both")
        }
        let domains = readDomains(members)
        let web = readWeb(members)
        let iconURL = readIconURL(members)
        let schemes = Set([ios?.scheme, android?.scheme].compactMap { $0 })
        let routes = readRoutes(members, schemes: schemes)
        let exclude = readExclude(members)
        var shortLinksOpenApp = true
        if let node = members["shortLinksOpenApp"] {
            if let bool = node.boolValue {
                shortLinksOpenApp = bool
            } else {
                collector.wrongType(node, root.appending("shortLinksOpenApp"), expected: "true or false")
            }
        }
        let linkPathPrefixes = readLinkPathPrefixes(members["linkPathPrefixes"], domains: domains)
        var longLinks = Manifest.LongLinks()
        if let node = members["longLinks"] { longLinks = readLongLinks(node) }
        let linkOrigins = readLinkOrigins(members)
        var apps = Manifest.Apps()
        if let node = members["apps"] { apps = readApps(node) }
        guard let id else { return nil }
        return Manifest(
            id: id, name: name ?? id, ios: ios, android: android, domains: domains, web: web, routes: routes,
            exclude: exclude, shortLinksOpenApp: shortLinksOpenApp, iconURL: iconURL,
            linkPathPrefixes: linkPathPrefixes, longLinks: longLinks, linkOrigins: linkOrigins, apps: apps
        )
    }

    /// `"apps": {"attributionWindowDays": 1…90, "clickParameter": true|false}`.
    private mutating func readApps(_ node: JSONNode) -> Manifest.Apps {
        let path = JSONPath.root.appending("apps")
        guard
            let members = collector.members(
                of: node, at: path, knownKeys: Self.appsKeys,
                expected: "an object such as {\"attributionWindowDays\": 7, \"clickParameter\": true}")
        else { return Manifest.Apps() }
        var days = 7
        if let node = members["attributionWindowDays"] {
            if case .number(let text) = node.value, let value = Int(text),
                (1...Manifest.Apps.maximumAttributionWindowDays).contains(value)
            {
                days = value
            } else {
                collector.error(
                    "invalid-apps", path.appending("attributionWindowDays"),
                    "attributionWindowDays is a whole number of days from 1 to \(Manifest.Apps.maximumAttributionWindowDays)",
                    at: node)
            }
        }
        var clickParameter = true
        if let node = members["clickParameter"] {
            if let bool = node.boolValue {
                clickParameter = bool
            } else {
                collector.wrongType(node, path.appending("clickParameter"), expected: "true or false")
            }
        }
        return Manifest.Apps(attributionWindowDays: days, clickParameter: clickParameter)
    }

    /// `scheme://host[:port]` origins a link's URLs may use besides https on the default port.
    private mutating func readLinkOrigins(_ members: [String: JSONNode]) -> [Manifest.LinkOrigin] {
        guard
            let items = collector.strings(
                "linkOrigins", in: members, at: .root, required: false,
                what: "origins links may use besides https on the default port, such as \"http://legacy.example.com\"")
        else { return [] }
        var origins: [Manifest.LinkOrigin] = []
        for item in items {
            if let origin = Manifest.LinkOrigin(item.value) {
                origins.append(origin)
            } else {
                collector.error(
                    "invalid-link-origin", item.path,
                    "\"\(item.value)\" is not an origin; write a scheme, a host and at most a port, such as \"http://legacy.example.com\" or \"https://www.example.com:8443\"",
                    at: item.node)
            }
        }
        return origins
    }

    private mutating func readLongLinks(_ node: JSONNode) -> Manifest.LongLinks {
        let path = JSONPath.root.appending("longLinks")
        guard
            let members = collector.members(
                of: node, at: path, knownKeys: Self.longLinksKeys,
                expected: "an object such as {\"social\": \"ignore\"} or {\"imageHosts\": [\"cdn.example.com\"]}")
        else { return Manifest.LongLinks() }
        var social = Manifest.LongLinks.Social.keep
        if let text = collector.string(
            "social", in: members, at: path, required: false, what: "\"keep\" or \"ignore\"")
        {
            if let value = Manifest.LongLinks.Social(rawValue: text) {
                social = value
            } else {
                collector.error(
                    "invalid-long-links", path.appending("social"),
                    "\"\(text)\" is not a choice; write \"keep\" (show a long link's st, sd and si, as FDL did) or \"ignore\" (drop them)",
                    at: members["social"])
            }
        }
        var imageHosts: [String]? = nil
        if let items = collector.strings(
            "imageHosts", in: members, at: path, required: false,
            what: "the hosts a long link's si image may come from, such as \"cdn.example.com\"")
        {
            imageHosts = []
            for item in items {
                if let problem = HostName.problem(with: item.value) {
                    collector.error(
                        "invalid-long-links", item.path, "\"\(item.value)\" \(problem)", at: item.node)
                } else {
                    imageHosts?.append(item.value.lowercased())
                }
            }
        }
        return Manifest.LongLinks(social: social, imageHosts: imageHosts)
    }

    private mutating func readTenantID(_ members: [String: JSONNode]) -> String? {
        guard
            let id = collector.string(
                "id", in: members, at: .root, required: true, what: "the tenant identifier, such as \"example\"")
        else {
            return nil
        }
        let valid =
            !id.isEmpty && id.utf8.count <= 63 && !id.hasPrefix("-") && !id.hasSuffix("-")
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard valid else {
            collector.error(
                "invalid-tenant-id", JSONPath.root.appending("id"),
                "\"\(id)\" is not a tenant identifier; use 1 to 63 lowercase letters, digits and \"-\", not starting or ending with \"-\"",
                at: members["id"])
            return nil
        }
        return id
    }

    private mutating func readScheme(_ members: [String: JSONNode], at path: JSONPath) -> String? {
        guard
            let scheme = collector.string(
                "scheme", in: members, at: path, required: false,
                what: "the app's custom URL scheme, such as \"example\"")
        else {
            return nil
        }
        guard SchemeLinkPattern.isValidScheme(scheme) else {
            collector.error(
                "invalid-scheme", path.appending("scheme"),
                "\"\(scheme)\" is not a URL scheme; a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\" (write it without \"://\")",
                at: members["scheme"])
            return nil
        }
        if ["http", "https"].contains(scheme.lowercased()) {
            collector.error(
                "invalid-scheme", path.appending("scheme"),
                "\"\(scheme)\" is not a custom scheme; http and https links are universal links, declared by \"domains\" and \"paths\"",
                at: members["scheme"])
            return nil
        }
        return scheme.lowercased()
    }

    private mutating func readIOS(_ node: JSONNode, at path: JSONPath) -> Manifest.IOSApp? {
        guard let members = collector.members(of: node, at: path, knownKeys: Self.iosKeys) else { return nil }
        var appIDs: [AppID] = []
        for item in collector.strings(
            "appIDs", in: members, at: path, required: true, what: "the app IDs, such as \"ABCDE12345.com.example.app\""
        ) ?? [] {
            guard let appID = AppID(item.value) else {
                collector.error(
                    "invalid-app-id", item.path,
                    "\"\(item.value)\" is not an app ID; expected <10 upper-case letters or digits (the Team ID)>.<bundle ID>, such as \"ABCDE12345.com.example.app\"",
                    at: item.node)
                continue
            }
            if appIDs.contains(appID) {
                collector.warning(
                    "duplicate-app-id", item.path, "\"\(item.value)\" is listed more than once", at: item.node)
                continue
            }
            appIDs.append(appID)
        }
        if let list = members["appIDs"], list.arrayValue?.isEmpty == true {
            collector.error(
                "missing-app-id", path.appending("appIDs"),
                "the list is empty; name at least one app ID such as \"ABCDE12345.com.example.app\"", at: list)
        }
        var appStoreID: String? = nil
        if let node = members["appStoreID"] {
            if let id = node.stringValue, !id.isEmpty, id.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
                appStoreID = id
            } else {
                let shown = node.stringValue.map { "\"\($0)\"" } ?? node.kindDescription
                collector.error(
                    "invalid-app-store-id", path.appending("appStoreID"),
                    "\(shown) is not an App Store ID; expected a string of digits such as \"1234567890\" (the number in the app's App Store URL, without \"id\")",
                    at: node)
            }
        }
        let scheme = readScheme(members, at: path)
        return Manifest.IOSApp(appIDs: appIDs, appStoreID: appStoreID, scheme: scheme)
    }

    private mutating func readAndroid(_ node: JSONNode, at path: JSONPath) -> Manifest.AndroidApp? {
        guard let members = collector.members(of: node, at: path, knownKeys: Self.androidKeys) else { return nil }
        let package = collector.string(
            "package", in: members, at: path, required: true, what: "the application ID, such as \"com.example.app\"")
        if let package, let problem = AndroidPackageName.problem(in: package) {
            collector.error(
                AndroidPackageName.code, path.appending("package"), AndroidPackageName.message(package, problem),
                at: members["package"])
        }
        var fingerprints: [String] = []
        for item in collector.strings(
            "sha256CertFingerprints", in: members, at: path, required: true,
            what: "SHA-256 fingerprints of the signing certificates") ?? []
        {
            guard Manifest.AndroidApp.isSHA256Fingerprint(item.value) else {
                collector.error(
                    "invalid-fingerprint", item.path,
                    "\"\(item.value)\" is not a SHA-256 fingerprint; expected 32 colon-separated upper-case hex bytes such as \"14:6D:E9:…:44:E5\"",
                    hint:
                        "keytool -list -v -keystore <keystore> prints it; with Play App Signing use the fingerprint from the Play Console",
                    at: item.node)
                continue
            }
            fingerprints.append(item.value)
        }
        if let list = members["sha256CertFingerprints"], list.arrayValue?.isEmpty == true {
            collector.error(
                "missing-fingerprint", path.appending("sha256CertFingerprints"),
                "the list is empty; Android verifies App Links against at least one signing-certificate fingerprint",
                at: list)
        }
        let scheme = readScheme(members, at: path)
        guard let package else { return nil }
        return Manifest.AndroidApp(package: package, sha256CertFingerprints: fingerprints, scheme: scheme)
    }

    private mutating func readDomains(_ members: [String: JSONNode]) -> [String] {
        let path = JSONPath.root
        guard
            let items = collector.strings(
                "domains", in: members, at: path, required: true,
                what: "the host names whose links open the app, such as [\"example.com\"]")
        else {
            return []
        }
        if items.isEmpty, let node = members["domains"], node.arrayValue?.isEmpty == true {
            collector.error(
                "empty-domains", path.appending("domains"),
                "the list is empty; name at least one host, such as \"example.com\", whose links open the app", at: node
            )
        }
        var domains: [String] = []
        for item in items {
            if let problem = HostName.problem(with: item.value) {
                collector.error("invalid-domain", item.path, "\"\(item.value)\" \(problem)", at: item.node)
                continue
            }
            let host = item.value.lowercased()
            if domains.contains(host) {
                collector.warning(
                    "duplicate-domain", item.path, "\"\(item.value)\" is listed more than once", at: item.node)
                continue
            }
            domains.append(host)
        }
        return domains
    }

    private mutating func readWeb(_ members: [String: JSONNode]) -> URL? {
        guard
            let text = collector.string(
                "web", in: members, at: .root, required: false,
                what: "the app's website, such as \"https://www.example.com\"")
        else {
            return nil
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, HostName.problem(with: host) == nil
        else {
            collector.error(
                "invalid-web-url", JSONPath.root.appending("web"),
                "\"\(text)\" is not a web address; expected an absolute http or https URL such as \"https://www.example.com\"",
                at: members["web"])
            return nil
        }
        return url
    }

    /// An https image address: the preview page loads it in every visitor's browser, so plain
    /// http (mixed content, readable on the way) is refused.
    private mutating func readIconURL(_ members: [String: JSONNode]) -> URL? {
        guard
            let text = collector.string(
                "iconURL", in: members, at: .root, required: false,
                what: "the app icon's address, such as \"https://cdn.example.com/icon-512.png\"")
        else {
            return nil
        }
        guard let url = URL(string: text), url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty,
            HostName.problem(with: host) == nil
        else {
            collector.error(
                "invalid-icon-url", JSONPath.root.appending("iconURL"),
                "\"\(text)\" is not an https address; expected an absolute https URL of a square image such as \"https://cdn.example.com/icon-512.png\"",
                at: members["iconURL"])
            return nil
        }
        return url
    }

    private mutating func readExclude(_ members: [String: JSONNode]) -> [PathPattern] {
        var patterns: [PathPattern] = []
        for item in collector.strings(
            "exclude", in: members, at: .root, required: false,
            what: "AASA-style path patterns that never open the app, such as \"/help/*\"") ?? []
        {
            if item.value.isEmpty {
                collector.error(
                    "invalid-exclude-pattern", item.path,
                    "the pattern is empty; write a path pattern such as \"/help/*\"", at: item.node)
                continue
            }
            if item.value.contains("{") || item.value.contains("}") {
                collector.error(
                    "invalid-exclude-pattern", item.path,
                    "\"\(item.value)\" uses route-pattern braces; exclude entries are AASA path patterns where \"*\" is any run of characters and \"?\" exactly one, such as \"/e/*\"",
                    at: item.node)
                continue
            }
            if !item.value.hasPrefix("/") && !item.value.hasPrefix("*") {
                collector.warning(
                    "exclude-without-slash", item.path,
                    "\"\(item.value)\" does not start with \"/\"; it matches as \"/\(item.value)\"", at: item.node)
            }
            patterns.append(PathPattern(item.value))
        }
        return patterns
    }

    private mutating func readRoutes(_ members: [String: JSONNode], schemes: Set<String>) -> [Manifest.Route] {
        let path = JSONPath.root.appending("routes")
        guard let node = members["routes"] else {
            collector.missingKey(
                "routes", at: .root, what: "the app's screens and the URL patterns that open them")
            return []
        }
        guard let elements = node.arrayValue else {
            collector.wrongType(node, path, expected: "an array of routes")
            return []
        }
        if elements.isEmpty {
            collector.warning(
                "no-routes", path, "the manifest declares no routes, so no link opens a screen of the app", at: node)
        }
        var routes: [Manifest.Route] = []
        var namePaths: [String: JSONPath] = [:]
        for (index, element) in elements.enumerated() {
            let routePath = path.appending(index)
            guard let route = readRoute(element, at: routePath, schemes: schemes) else { continue }
            if let first = namePaths[route.name] {
                collector.error(
                    "duplicate-route-name", routePath.appending("name"),
                    "the route name \"\(route.name)\" is already used by \(first); route names must be unique",
                    hint: "to let several patterns open one route, list them all in that route's \"paths\"",
                    at: element["name"])
                continue
            }
            namePaths[route.name] = routePath
            routes.append(route)
        }
        return routes
    }

    private mutating func readRoute(_ node: JSONNode, at path: JSONPath, schemes: Set<String>) -> Manifest.Route? {
        guard let members = collector.members(of: node, at: path, knownKeys: Self.routeKeys) else { return nil }
        let name = collector.string(
            "name", in: members, at: path, required: true, what: "the route's name, such as \"story\"")
        if let name, !ManifestReader.isValidRouteName(name) {
            collector.error(
                "invalid-route-name", path.appending("name"),
                "\"\(name)\" is not a route name; use a letter followed by letters, digits, \"_\", \"-\" or \".\"",
                at: members["name"])
        }
        var paths: [RoutePattern] = []
        for item in collector.strings(
            "paths", in: members, at: path, required: false,
            what: "universal-link path patterns, such as \"/story/{storyId}\"") ?? []
        {
            do {
                let pattern = try RoutePattern(parsing: item.value)
                checkTypes(pattern.segments, at: item.path, node: item.node)
                paths.append(pattern)
            } catch {
                collector.error(error.code.description, item.path, error.message, at: item.node)
            }
        }
        var schemeLinks: [SchemeLinkPattern] = []
        for item in collector.strings(
            "schemeLinks", in: members, at: path, required: false,
            what: "custom-scheme link patterns, such as \"example://open/{storyId}\"") ?? []
        {
            do {
                let pattern = try SchemeLinkPattern(parsing: item.value)
                checkTypes(pattern.segments, at: item.path, node: item.node)
                if !schemes.contains(pattern.scheme) {
                    let declared =
                        schemes.isEmpty
                        ? "the manifest declares no custom scheme (add \"scheme\" to \"ios\" or \"android\")"
                        : "declared: " + schemes.sorted().joined(separator: ", ")
                    collector.error(
                        "undeclared-scheme", item.path,
                        "\"\(item.value)\" uses the scheme \"\(pattern.scheme)\", which the app does not register; \(declared)",
                        at: item.node)
                    continue
                }
                schemeLinks.append(pattern)
            } catch {
                collector.error(error.code.description, item.path, error.message, at: item.node)
            }
        }
        if members["paths"] == nil && members["schemeLinks"] == nil && !collector.typo(of: "paths", at: path)
            && !collector.typo(of: "schemeLinks", at: path)
        {
            collector.error(
                "route-without-patterns", path,
                "the route has neither \"paths\" nor \"schemeLinks\", so no link can open it", at: node)
        }
        let query = readQuery(
            members["query"], at: path.appending("query"),
            parameterNames: Set(paths.flatMap(\.parameterNames) + schemeLinks.flatMap(\.parameterNames)))
        var barriers: [String] = []
        for item in collector.strings(
            "barriers", in: members, at: path, required: false, what: "names of barriers such as \"signedIn\"") ?? []
        {
            guard RoutePattern.isIdentifier(item.value) else {
                collector.error(
                    "invalid-barrier-name", item.path,
                    "\"\(item.value)\" is not a barrier name; use a letter or \"_\" followed by letters, digits or \"_\", such as \"signedIn\"",
                    at: item.node)
                continue
            }
            if !barriers.contains(item.value) { barriers.append(item.value) }
        }
        var web: WebPageTemplate? = nil
        if let text = collector.string(
            "web", in: members, at: path, required: false,
            what: "the web page of the route's content, such as \"https://www.example.com/story/{storyId}\"")
        {
            do {
                let template = try WebPageTemplate(parsing: text)
                let known = Set(paths.flatMap(\.parameterNames) + schemeLinks.flatMap(\.parameterNames))
                    .union(query.map(\.name))
                if let unknown = template.parameterNames.first(where: { !known.contains($0) }) {
                    collector.error(
                        "invalid-route-web", path.appending("web"),
                        "\"\(text)\" uses {\(unknown)}, which is not a parameter of the route; known: \(known.sorted().joined(separator: ", "))",
                        at: members["web"])
                } else {
                    web = template
                }
            } catch {
                collector.error(error.code, path.appending("web"), error.message, at: members["web"])
            }
        }
        guard let name else { return nil }
        return Manifest.Route(
            name: name, paths: paths, schemeLinks: schemeLinks, query: query, barriers: barriers, web: web)
    }

    private mutating func readLinkPathPrefixes(_ node: JSONNode?, domains: [String]) -> [String: [String]] {
        guard let node else { return [:] }
        let path = JSONPath.root.appending("linkPathPrefixes")
        guard let members = node.objectValue else {
            collector.wrongType(
                node, path, expected: "an object of domains to path prefixes, such as {\"example.com\": [\"/link\"]}")
            return [:]
        }
        var result: [String: [String]] = [:]
        for member in members {
            let domain = member.key.lowercased()
            let domainPath = path.appending(member.key)
            guard domains.contains(domain) else {
                collector.error(
                    "invalid-link-path-prefix", domainPath,
                    "\"\(member.key)\" is not one of the manifest's domains (\(domains.joined(separator: ", ")))",
                    at: member.value)
                continue
            }
            guard let items = member.value.arrayValue else {
                collector.wrongType(
                    member.value, domainPath, expected: "an array of path prefixes, such as [\"/link\"]")
                continue
            }
            var prefixes: [String] = []
            for (index, item) in items.enumerated() {
                let itemPath = domainPath.appending(index)
                guard let prefix = item.stringValue else {
                    collector.wrongType(item, itemPath, expected: "a path prefix such as \"/link\"")
                    continue
                }
                let segments = prefix.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
                let valid =
                    prefix.hasPrefix("/") && !segments.isEmpty
                    && segments.allSatisfy { segment in
                        !segment.isEmpty
                            && segment.unicodeScalars.allSatisfy {
                                $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
                            }
                    }
                guard valid else {
                    collector.error(
                        "invalid-link-path-prefix", itemPath,
                        "\"\(prefix)\" is not a path prefix; write \"/\" and one or more segments of letters, digits, \"-\", \"_\" or \".\", without a trailing \"/\", such as \"/link\"",
                        at: item)
                    continue
                }
                if !prefixes.contains(prefix) { prefixes.append(prefix) }
            }
            result[domain, default: []] += prefixes
        }
        return result
    }

    static func isValidRouteName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "."
        }
    }

    /// Types outside the built-in ones are a warning, not an error: an app may register them in
    /// code, which a manifest check cannot see.
    private mutating func checkTypes(_ segments: [RoutePattern.Segment], at path: JSONPath, node: JSONNode) {
        for segment in segments {
            switch segment {
            case .parameter(let name, let type?), .optional(let name, let type?):
                if !knownTypes.contains(type) {
                    collector.warning(
                        "unknown-parameter-type", path,
                        "the parameter \"\(name)\" has the type \"\(type)\", which is not built in (\(knownTypes.joined(separator: ", "))); the app must register it in code",
                        at: node)
                }
            default: break
            }
        }
    }

    private mutating func readQuery(_ node: JSONNode?, at path: JSONPath, parameterNames: Set<String>) -> [Manifest
        .QueryItem]
    {
        guard let node else { return [] }
        guard let members = node.objectValue else {
            collector.wrongType(node, path, expected: "an object of query item names to \"required\" or \"optional\"")
            return []
        }
        var items: [Manifest.QueryItem] = []
        for member in members {
            let itemPath = path.appending(member.key)
            guard !items.contains(where: { $0.name == member.key }) else {
                collector.error(
                    "duplicate-key", itemPath, "the query item \"\(member.key)\" is declared more than once",
                    at: member.value)
                continue
            }
            if member.key.isEmpty {
                collector.error("invalid-query-item", itemPath, "a query item needs a name", at: member.value)
                continue
            }
            if parameterNames.contains(member.key) {
                collector.error(
                    "query-parameter-collision", itemPath,
                    "\"\(member.key)\" is both a path parameter and a query item; query values join the route's parameters, so rename one",
                    at: member.value)
                continue
            }
            guard let text = member.value.stringValue, let requirement = Manifest.QueryItem.Requirement(rawValue: text)
            else {
                let shown = member.value.stringValue.map { "\"\($0)\"" } ?? member.value.kindDescription
                collector.error(
                    "invalid-query-requirement", itemPath,
                    "\(shown) is not a query requirement; expected \"required\" or \"optional\"", at: member.value)
                continue
            }
            items.append(Manifest.QueryItem(name: member.key, requirement: requirement))
        }
        return items
    }
}
