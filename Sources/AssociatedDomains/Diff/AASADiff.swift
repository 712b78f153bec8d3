/// What changed in meaning between two association files, per app.
///
/// Rules are compared as iOS applies them (``AASARule``: defaults resolved, comments dropped),
/// so a flag hoisted from the components into `defaults` is no change, while reordering is one:
/// the first matching rule decides. A rule is `moved` when it is in both files but its order
/// against the others changed, `changed` when a rule was replaced in place, and `added` or
/// `removed` otherwise. Substitution variables whose values changed are reported with no app.
public struct AASADiff: Sendable, Hashable {
    /// One difference.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// What kind of difference; the raw values are stable identifiers for `--json` output.
        public enum Kind: String, Sendable, Hashable {
            /// A rule only in the new file, only in the old one, replaced in place, or reordered.
            case added, removed, changed, moved
            /// `$(name)` stands for other values.
            case variableChanged = "variable-changed"
        }

        /// What kind of difference.
        public var kind: Kind
        /// The app whose rules changed; `nil` for variables.
        public var appID: String?
        /// The rule in the first file and its position among the app's rules (all details, in order).
        public var before: (rule: AASARule, position: Int)?
        /// The rule in the second file and its position.
        public var after: (rule: AASARule, position: Int)?
        /// The variable's name, for `variableChanged`.
        public var variable: String?

        /// Whether two changes are of the same kind, app, rules, positions and variable.
        public static func == (lhs: Change, rhs: Change) -> Bool {
            lhs.kind == rhs.kind && lhs.appID == rhs.appID && lhs.before?.rule == rhs.before?.rule
                && lhs.before?.position == rhs.before?.position && lhs.after?.rule == rhs.after?.rule
                && lhs.after?.position == rhs.after?.position && lhs.variable == rhs.variable
        }

        /// Hashes the kind, app and positions, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(appID)
            hasher.combine(before?.position)
            hasher.combine(after?.position)
        }

        /// One line for people, such as `ABCDE12345.com.example.app: moved #2 → #0: match / "/e/*"`.
        public var description: String {
            // A change made by `AASADiff` has the sides its kind names; one built by hand may lack
            // one, and then shows `?` in its place rather than trapping.
            let app = appID ?? ""
            let was = before.map { "#\($0.position)" } ?? "#?"
            let now = after.map { "#\($0.position)" } ?? "#?"
            let oldRule = before?.rule.summary ?? "?"
            let newRule = after?.rule.summary ?? "?"
            switch kind {
            case .variableChanged: return "variable-changed $(\(variable ?? ""))"
            case .added: return "\(app): added \(now): \(newRule)"
            case .removed: return "\(app): removed \(was): \(oldRule)"
            case .changed: return "\(app): changed \(was): \(oldRule) → \(newRule)"
            case .moved: return "\(app): moved \(was) → \(now): \(newRule)"
            }
        }
    }

    /// Every difference: changed variables first, then each app's, in file order.
    public let changes: [Change]

    /// Whether the two files mean the same.
    public var isEmpty: Bool { changes.isEmpty }

    /// Compares `old` with `new`.
    public static func compare(_ old: AASAFile, _ new: AASAFile) -> AASADiff {
        var changes: [Change] = []
        let oldVariables = variables(old)
        let newVariables = variables(new)
        for name in Set(oldVariables.keys).union(newVariables.keys).sorted()
        where oldVariables[name] != newVariables[name] {
            changes.append(Change(kind: .variableChanged, appID: nil, before: nil, after: nil, variable: name))
        }
        var apps = appIDs(old)
        for app in appIDs(new) where !apps.contains(app) { apps.append(app) }
        for app in apps {
            changes += compareRules(rules(old, app: app), rules(new, app: app), app: app)
        }
        return AASADiff(changes: changes)
    }

    private static func variables(_ file: AASAFile) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for variable in file.applinks?.substitutionVariables ?? [] { result[variable.name] = variable.values }
        return result
    }

    private static func appIDs(_ file: AASAFile) -> [String] {
        var apps: [String] = []
        for detail in file.applinks?.details ?? [] {
            for app in detail.appIDs where !apps.contains(app) { apps.append(app) }
        }
        return apps
    }

    /// The app's rules across its details, in the order iOS tries them.
    private static func rules(_ file: AASAFile, app: String) -> [AASARule] {
        guard let appLinks = file.applinks else { return [] }
        return appLinks.details.filter { $0.appIDs.contains(app) }.flatMap { appLinks.rules(of: $0) }
    }

    private static func compareRules(_ old: [AASARule], _ new: [AASARule], app: String) -> [Change] {
        let a = old.map(\.meaning)
        let b = new.map(\.meaning)
        // Longest common subsequence: the rules that kept their relative order.
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var keptOld = Set<Int>()
        var keptNew = Set<Int>()
        var anchorOfOld = [Int](repeating: 0, count: a.count)
        var anchorOfNew = [Int](repeating: 0, count: b.count)
        var i = 0
        var j = 0
        var anchors = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                keptOld.insert(i)
                keptNew.insert(j)
                anchors += 1
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                anchorOfOld[i] = anchors
                i += 1
            } else {
                anchorOfNew[j] = anchors
                j += 1
            }
        }
        while i < a.count {
            anchorOfOld[i] = anchors
            i += 1
        }
        while j < b.count {
            anchorOfNew[j] = anchors
            j += 1
        }
        var removed = (0..<a.count).filter { !keptOld.contains($0) }
        var added = (0..<b.count).filter { !keptNew.contains($0) }
        var changes: [Change] = []
        // The same rule on both sides, out of order: moved.
        for index in removed {
            if let match = added.first(where: { b[$0] == a[index] }) {
                changes.append(
                    Change(kind: .moved, appID: app, before: (old[index], index), after: (new[match], match)))
                removed.removeAll { $0 == index }
                added.removeAll { $0 == match }
            }
        }
        // A rule replaced between the same kept neighbours: changed.
        for index in removed {
            if let match = added.first(where: { anchorOfNew[$0] == anchorOfOld[index] }) {
                changes.append(
                    Change(kind: .changed, appID: app, before: (old[index], index), after: (new[match], match)))
                removed.removeAll { $0 == index }
                added.removeAll { $0 == match }
            }
        }
        changes += removed.map { Change(kind: .removed, appID: app, before: (old[$0], $0), after: nil) }
        changes += added.map { Change(kind: .added, appID: app, before: nil, after: (new[$0], $0)) }
        return changes.sorted {
            ($0.before?.position ?? $0.after?.position ?? 0) < ($1.before?.position ?? $1.after?.position ?? 0)
        }
    }
}
