import DeepLinkRouting

/// Makes the `apple-app-site-association` a manifest implies.
///
/// One detail for all the manifest's app IDs, its components in this order: the manifest's
/// `exclude` patterns (`"exclude": true`), then each route path as components (a parameter is
/// `?*`; an optional last segment gives the parent and the parent + `/?*`; a catch-all gives
/// `/parent/*`, which also matches its parent; required query items become a `?` dictionary of
/// `"?*"`), catch-alls and deeper routes first, a glob ending in `?*` preceded by an exclusion
/// of the paths below it (`?*` would otherwise open them too), then, when `shortLinksOpenApp` is on, `{"/": "/*/?*", "exclude": true}` and
/// `{"/": "/?*"}` so single-segment short links open the app while deeper paths the routes do
/// not cover stay on the web. `webcredentials` lists the same app IDs. With `legacy`, the file
/// also carries `"apps": []` and a `paths` detail per app for iOS 12 and earlier.
public enum AASAGenerator {
    /// The AASA for `manifest`; with `legacy`, also the `paths` details iOS 12 and earlier read.
    /// Serve it with ``AASAFile/jsonText(style:)``; ``AASAValidator`` finds nothing to fix in it.
    public static func generate(_ manifest: Manifest, legacy: Bool = false) -> AASAFile {
        let appIDs = (manifest.ios?.appIDs ?? []).map(\.description)
        var details = [AASAFile.Detail(appIDs: appIDs, components: components(for: manifest))]
        if legacy {
            let paths = legacyPaths(for: manifest)
            details += appIDs.map { AASAFile.Detail(appIDs: [$0], appIDKey: .appID, paths: paths) }
        }
        return AASAFile(
            applinks: AASAFile.AppLinks(apps: legacy ? [] : nil, details: details),
            webcredentials: appIDs.isEmpty ? nil : AASAFile.ServiceApps(apps: appIDs))
    }

    /// The components for the manifest's routes, in decision order.
    package static func components(for manifest: Manifest) -> [AASAFile.Component] {
        var components = manifest.exclude.map { AASAFile.Component(path: $0.text, exclude: true) }
        // `?*` also crosses slashes, so a glob ending in a parameter is preceded by an exclusion
        // of the paths one level deeper. Catch-alls first and deeper routes before shallower ones
        // keep those exclusions from shadowing another route.
        var globs: [(glob: String, route: Manifest.Route, catchAll: Bool, depth: Int)] = []
        for route in manifest.routes {
            for pattern in route.paths {
                let catchAll = pattern.segments.last.map { if case .catchAll = $0 { true } else { false } } ?? false
                for glob in pathGlobs(pattern) {
                    globs.append((glob, route, catchAll, glob.split(separator: "/").count))
                }
            }
        }
        let ordered = globs.enumerated().sorted { lhs, rhs in
            if lhs.element.catchAll != rhs.element.catchAll { return lhs.element.catchAll }
            if lhs.element.depth != rhs.element.depth { return lhs.element.depth > rhs.element.depth }
            return lhs.offset < rhs.offset
        }.map(\.element)
        for (glob, route, catchAll, _) in ordered {
            let required = route.query.filter { $0.requirement == .required }
            let query: AASAFile.QueryPattern? =
                required.isEmpty
                ? nil : .items(required.map { AASAFile.QueryItemPattern(name: $0.name, pattern: "?*") })
            let deeper = AASAFile.Component(path: glob + "/?*", exclude: true, comment: "deeper than \(route.name)")
            if !catchAll && glob.hasSuffix("/?*") && !components.contains(deeper) {
                components.append(deeper)
            }
            let component = AASAFile.Component(path: glob, query: query, comment: route.name)
            if !components.contains(component) { components.append(component) }
        }
        if manifest.shortLinksOpenApp {
            let covered = Set(components.filter { $0.query == nil }.compactMap(\.path))
            if !covered.contains("/*/?*") {
                components.append(
                    AASAFile.Component(path: "/*/?*", exclude: true, comment: "deeper paths stay on the web"))
            }
            if !covered.contains("/?*") {
                components.append(AASAFile.Component(path: "/?*", comment: "short links"))
            }
        }
        return components
    }

    /// The AASA path globs one route pattern stands for.
    package static func pathGlobs(_ pattern: RoutePattern) -> [String] {
        var prefix = ""
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): prefix += "/" + PercentDecoding.encodeSegment(text)
            case .parameter: prefix += "/?*"
            case .optional: return [prefix.isEmpty ? "/" : prefix, prefix + "/?*"]
            case .catchAll: return [prefix + "/*"]
            }
        }
        return [prefix.isEmpty ? "/" : prefix]
    }

    /// Legacy `paths`: the components in the same order, `NOT ` for exclusions (legacy paths
    /// cannot test the query, so a required query item is dropped).
    static func legacyPaths(for manifest: Manifest) -> [String] {
        var paths: [String] = []
        for component in components(for: manifest) {
            guard let path = component.path else { continue }
            let entry = (component.exclude == true ? "NOT " : "") + path
            if !paths.contains(entry) { paths.append(entry) }
        }
        return paths
    }
}
