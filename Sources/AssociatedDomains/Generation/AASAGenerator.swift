import DeepLinkRouting

/// Makes the `apple-app-site-association` a manifest implies.
///
/// One detail for all the manifest's app IDs, its components in this order: the manifest's
/// `exclude` patterns (`"exclude": true`), then each route path as components (a parameter is
/// `?*`; an optional last segment gives the parent and the parent + `/?*`; a catch-all gives
/// `/parent/*`, which also matches its parent; required query items become a `?` dictionary of
/// `"?*"`), then, when `shortLinksOpenApp` is on, `{"/": "/*/?*", "exclude": true}` and
/// `{"/": "/?*"}` so single-segment short links open the app while deeper paths the routes do
/// not cover stay on the web. `webcredentials` lists the same app IDs. With `legacy`, the file
/// also carries `"apps": []` and a `paths` detail per app for iOS 12 and earlier.
public enum AASAGenerator {
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
    public static func components(for manifest: Manifest) -> [AASAFile.Component] {
        var components = manifest.exclude.map { AASAFile.Component(path: $0.text, exclude: true) }
        for route in manifest.routes {
            let required = route.query.filter { $0.requirement == .required }
            let query: AASAFile.QueryPattern? =
                required.isEmpty ? nil : .items(required.map { AASAFile.QueryItemPattern(name: $0.name, pattern: "?*") })
            for pattern in route.paths {
                for path in pathGlobs(pattern) {
                    components.append(AASAFile.Component(path: path, query: query, comment: route.name))
                }
            }
        }
        if manifest.shortLinksOpenApp {
            components.append(AASAFile.Component(path: "/*/?*", exclude: true, comment: "deeper paths stay on the web"))
            components.append(AASAFile.Component(path: "/?*", comment: "short links"))
        }
        return components
    }

    /// The AASA path globs one route pattern stands for.
    public static func pathGlobs(_ pattern: RoutePattern) -> [String] {
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

    /// Legacy `paths`: `NOT ` excludes first, then every route glob (legacy paths cannot test
    /// the query), then the short-link pair.
    static func legacyPaths(for manifest: Manifest) -> [String] {
        var paths = manifest.exclude.map { "NOT " + $0.text }
        for route in manifest.routes {
            for pattern in route.paths { paths += pathGlobs(pattern) }
        }
        if manifest.shortLinksOpenApp { paths += ["NOT /*/?*", "/?*"] }
        return paths
    }
}
