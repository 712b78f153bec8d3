import DeepLinkRouting

extension AssociationRule {
    /// The rules a manifest implies, in decision order: the manifest's `exclude` patterns as
    /// exclude rules; then each route path (a parameter is `?*`; an optional last segment gives the
    /// parent and the parent + `/?*`; a catch-all gives `/parent/*`; required query items must be
    /// present with a value), catch-alls and deeper routes first, a glob ending in `?*` preceded by
    /// an exclusion of the paths below it (`?*` would otherwise open them too); then, when
    /// `shortLinksOpenApp` is on, an exclusion of `/*/?*` and a rule for `/?*`, so single-segment
    /// short links open the app while deeper paths the routes do not cover stay on the web.
    public static func rules(for manifest: Manifest) -> [AssociationRule] {
        var rules = manifest.exclude.map { AssociationRule(path: $0.text, exclude: true) }
        // `?*` also crosses slashes, so a glob ending in a parameter is preceded by an exclusion
        // of the paths one level deeper. Catch-alls first and deeper routes before shallower ones
        // keep those exclusions from shadowing another route.
        var globs: [(glob: String, route: Manifest.Route, catchAll: Bool, depth: Int)] = []
        for route in manifest.routes {
            for pattern in route.paths {
                let catchAll = pattern.segments.last.map { if case .catchAll = $0 { true } else { false } } ?? false
                for glob in AASAGenerator.pathGlobs(pattern) {
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
            let deeper = AssociationRule(path: glob + "/?*", exclude: true, comment: "deeper than \(route.name)")
            if !catchAll && glob.hasSuffix("/?*") && !rules.contains(deeper) {
                rules.append(deeper)
            }
            let rule = AssociationRule(
                path: glob, query: required.map { AASAFile.QueryItemPattern(name: $0.name, pattern: "?*") },
                comment: route.name)
            if !rules.contains(rule) { rules.append(rule) }
        }
        if manifest.shortLinksOpenApp {
            let covered = Set(rules.filter(\.query.isEmpty).map(\.path))
            if !covered.contains("/*/?*") {
                rules.append(AssociationRule(path: "/*/?*", exclude: true, comment: "deeper paths stay on the web"))
            }
            if !covered.contains("/?*") {
                rules.append(AssociationRule(path: "/?*", comment: "short links"))
            }
        }
        return rules
    }
}
