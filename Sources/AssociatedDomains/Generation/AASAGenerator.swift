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

    /// The components for the manifest's routes, in decision order: ``AssociationRule/rules(for:)``
    /// spelled as AASA components.
    package static func components(for manifest: Manifest) -> [AASAFile.Component] {
        AssociationRule.rules(for: manifest).map { rule in
            AASAFile.Component(
                path: rule.path, query: rule.query.isEmpty ? nil : .items(rule.query),
                exclude: rule.exclude ? true : nil,
                comment: rule.comment)
        }
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
