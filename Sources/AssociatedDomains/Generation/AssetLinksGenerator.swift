import DeepLinkRouting

/// Makes the `assetlinks.json` a manifest implies: one `handle_all_urls` statement for the
/// Android package and its signing-certificate fingerprints (none when the manifest has no
/// Android app), carrying Android 15 dynamic App Links rules.
///
/// The rules are ``AssociationRule/rules(for:)`` — the same list, in the same order, as the AASA
/// components — spelled for Android: a required query item becomes a `"?"` dictionary entry, an
/// exclusion `"exclude": true`, the comment `"comments"`. Two spellings differ because Android's
/// matching differs from iOS's (Documentation/AssociatedDomains.md):
/// - Android compares the decoded URL, so a path's `%XX` escapes are written decoded;
/// - iOS lets `/x/*` match `/x`, Android's `*` does not, so such a rule is written as `/x` then
///   `/x/*` (same query, exclusion and comment);
/// - iOS reads an empty path (`https://example.com`) as `/`, Android compares `""`
///   (`Uri.getPath()`), so a rule whose path matches `/` on iOS is preceded by the same rule for
///   the path `""`.
public enum AssetLinksGenerator {
    /// The assetlinks.json for `manifest`; empty when it has no Android app.
    public static func generate(_ manifest: Manifest) -> AssetLinks {
        guard let android = manifest.android else { return AssetLinks(statements: []) }
        return AssetLinks(statements: [
            AssetLinks.Statement(
                relation: [AssetLinks.handleAllURLs],
                target: .androidApp(
                    packageName: android.package, sha256CertFingerprints: android.sha256CertFingerprints),
                dynamicRules: dynamicRules(for: manifest))
        ])
    }

    /// The manifest's rules as dynamic App Links rules, in decision order.
    ///
    /// A spelled rule equal to an earlier one (the manifest excluding both `/x` and `/x/*`, say)
    /// is left out: it could never decide.
    public static func dynamicRules(for manifest: Manifest) -> [AssetLinks.DynamicRule] {
        var rules: [AssetLinks.DynamicRule] = []
        for rule in AssociationRule.rules(for: manifest).flatMap(spell) where !rules.contains(rule) {
            rules.append(rule)
        }
        return rules
    }

    /// One shared rule as Android rules: one; two for a `/x/*` glob (`/x`, `/x/*`) or a glob that
    /// matches the root (`""`, then the glob).
    static func spell(_ rule: AssociationRule) -> [AssetLinks.DynamicRule] {
        let path = decodedGlob(rule.path)
        let query = rule.query.isEmpty ? nil : rule.query
        func dynamic(_ path: String) -> AssetLinks.DynamicRule {
            AssetLinks.DynamicRule(path: path, query: query, exclude: rule.exclude ? true : nil, comments: rule.comment)
        }
        if WildcardPattern(rule.path).matches("/") {
            return [dynamic(""), dynamic(path)]
        }
        if path.hasSuffix("/*"), path.count > 2 {
            return [dynamic(String(path.dropLast(2))), dynamic(path)]
        }
        return [dynamic(path)]
    }

    /// `glob` with its `%XX` escapes decoded, unless decoding would add a wildcard (`%2A`, `%3F`)
    /// or fails; then as written.
    static func decodedGlob(_ glob: String) -> String {
        guard glob.contains("%"), let decoded = PercentDecoding.decode(glob) else { return glob }
        func wildcards(_ text: String) -> Int { text.unicodeScalars.filter { $0 == "*" || $0 == "?" }.count }
        return wildcards(decoded) == wildcards(glob) ? decoded : glob
    }
}
