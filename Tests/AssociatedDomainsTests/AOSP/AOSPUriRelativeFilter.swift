/// Test oracle: `android.content.UriRelativeFilter` (simple-glob filters only), ported on its own
/// from aosp-mirror/platform_frameworks_base `core/java/android/content/UriRelativeFilter.java`
/// @1d47c3a0983342d6714ddb5d6a04a204086a7ece (`matchData`, `matchQuery`).
struct AOSPUriRelativeFilter: Hashable {
    enum Part: Hashable { case path, query, fragment }

    let part: Part
    let filter: [UInt16]

    func matchData(_ data: AOSPUri) -> Bool {
        switch part {
        case .path: AOSPPatternMatcher.match(filter, data.path)
        case .query: matchQuery(data.query)
        case .fragment: AOSPPatternMatcher.match(filter, data.fragment)
        }
    }

    /// `query.split("&")`, and `query.split(";")` when that gave exactly one piece; true when some
    /// piece matches.
    private func matchQuery(_ query: [UInt16]?) -> Bool {
        guard let query else { return false }
        var params = JavaString.split(query, UInt16(UInt8(ascii: "&")))
        if params.count == 1 { params = JavaString.split(query, UInt16(UInt8(ascii: ";"))) }
        return params.contains { AOSPPatternMatcher.match(filter, $0) }
    }
}

/// `java.lang.String.split(String)` with a one-character, non-regex separator (limit 0).
enum JavaString {
    static func split(_ text: [UInt16], _ separator: UInt16) -> [[UInt16]] {
        var pieces: [[UInt16]] = []
        var current: [UInt16] = []
        var sawSeparator = false
        for unit in text {
            if unit == separator {
                sawSeparator = true
                pieces.append(current)
                current = []
            } else {
                current.append(unit)
            }
        }
        // No separator: the text itself (even when empty).
        if !sawSeparator { return [text] }
        pieces.append(current)
        // Limit 0: trailing empty strings are removed.
        while let last = pieces.last, last.isEmpty { pieces.removeLast() }
        return pieces
    }
}

/// `android.content.UriRelativeFilterGroup`, ported on its own from the Android 15 copy in
/// 488315/android_samsung_frameworks_base `core/java/android/content/UriRelativeFilterGroup.java`
/// @34682dbc21021c42e72a260697849ece3a07e0af (`matchData`, `matchGroupsToUri`); the aosp-mirror
/// snapshot @01a7983f31379854c073b23844df7dd4705b004a has the same `matchData`.
struct AOSPUriRelativeFilterGroup {
    enum Action { case allow, block }

    let action: Action
    /// An `ArraySet`: equal filters are kept once, order does not matter.
    private(set) var filters: Set<AOSPUriRelativeFilter> = []

    init(action: Action) { self.action = action }

    mutating func addUriRelativeFilter(_ filter: AOSPUriRelativeFilter) { filters.insert(filter) }

    func matchData(_ data: AOSPUri) -> Bool {
        if filters.isEmpty { return false }
        return filters.allSatisfy { $0.matchData(data) }
    }

    /// `matchGroupsToUri`, also naming the deciding group: the first group that matches decides
    /// (allowed when its action is allow); none matches, not allowed.
    static func matchGroupsToUri(_ groups: [Self], _ uri: AOSPUri) -> (allowed: Bool, decidedBy: Int?) {
        for (index, group) in groups.enumerated() where group.matchData(uri) {
            return (group.action == .allow, index)
        }
        return (false, nil)
    }
}
