/// One app's rules in the order iOS tries them, indexed by the literal first path segment each
/// rule requires, so a decision tries only the rules that can match instead of every rule.
///
/// Rules are numbered in walk order (the app's details in file order, each one's rules in order).
/// A rule whose first segment is literal (`/s12/*`) is listed under a hash of that segment, in
/// the table of its flag combination (the URL's path is compared as written, decoded and/or
/// folded, so each combination has its own first segment). Every other rule (no path, or a path
/// starting with a wildcard, `?` or a variable) is a candidate for every URL. A decision looks up
/// the URL's first segment in each table and walks the union of those lists and the unindexed
/// rules by rule number, so the first rule that matches is the first that matches in the plain
/// walk: every rule left out of the union cannot match the URL.
struct RuleIndex: Sendable {
    struct Entry: Sendable {
        /// The index in `applinks.details` of the rule's detail.
        let detail: Int
        let rule: CompiledRule
    }

    /// Every rule of the app, in walk order.
    let entries: [Entry]
    /// Rules that any URL may match, by rule number.
    private let unindexed: [Int32]
    /// Per flag combination that has indexed rules: first-segment hash to a run of `numbers`.
    private let tables: [(slot: Int, rules: [UInt64: Range<Int32>])]
    /// The indexed rule numbers, grouped by flag combination and key, ascending in each group.
    private let numbers: [Int32]

    init(entries: [Entry]) {
        self.entries = entries
        var unindexed: [Int32] = []
        // (slot, key, rule number) of every indexed rule, sorted into runs: one flat array and
        // one dictionary of ranges rather than an array per key.
        var keyed: [(slot: Int, key: UInt64, number: Int32)] = []
        keyed.reserveCapacity(entries.count)
        for number in entries.indices {
            if let key = entries[number].rule.firstSegmentKey {
                keyed.append((entries[number].rule.slot, key, Int32(number)))
            } else {
                unindexed.append(Int32(number))
            }
        }
        keyed.sort { ($0.slot, $0.key, $0.number) < ($1.slot, $1.key, $1.number) }
        var tables: [(slot: Int, rules: [UInt64: Range<Int32>])] = []
        var numbers: [Int32] = []
        numbers.reserveCapacity(keyed.count)
        var start = 0
        while start < keyed.count {
            var end = start
            while end < keyed.count, keyed[end].slot == keyed[start].slot, keyed[end].key == keyed[start].key {
                numbers.append(keyed[end].number)
                end += 1
            }
            if tables.last?.slot != keyed[start].slot { tables.append((keyed[start].slot, [:])) }
            tables[tables.count - 1].rules[keyed[start].key] = Int32(start)..<Int32(end)
            start = end
        }
        self.unindexed = unindexed
        self.tables = tables
        self.numbers = numbers
    }

    /// The first rule, in walk order, that matches the URL.
    func firstMatch(_ texts: inout AASAURLTexts) -> CompiledRule? {
        var candidates = CandidateMerge()
        candidates.add(unindexed[...])
        for table in tables {
            let key = AASAURLTexts.firstSegmentKey(texts.path(table.slot))
            if let run = table.rules[key] { candidates.add(numbers[Int(run.lowerBound)..<Int(run.upperBound)]) }
        }
        while let number = candidates.next() {
            let rule = entries[Int(number)].rule
            if rule.matches(&texts) { return rule }
        }
        return nil
    }

    /// The first rule that matches, trying every rule in order (the reference the index must
    /// agree with).
    func firstMatchWalkingEveryRule(_ texts: inout AASAURLTexts) -> CompiledRule? {
        for entry in entries where entry.rule.matches(&texts) { return entry.rule }
        return nil
    }
}

/// Up to five ascending lists of rule numbers (the unindexed rules and one per flag
/// combination), merged lazily into one ascending walk without allocating.
private struct CandidateMerge {
    private var lists: (ArraySlice<Int32>, ArraySlice<Int32>, ArraySlice<Int32>, ArraySlice<Int32>, ArraySlice<Int32>) =
        ([], [], [], [], [])
    private var count = 0

    mutating func add(_ list: ArraySlice<Int32>) {
        guard !list.isEmpty else { return }
        switch count {
        case 0: lists.0 = list
        case 1: lists.1 = list
        case 2: lists.2 = list
        case 3: lists.3 = list
        default: lists.4 = list
        }
        count += 1
    }

    /// The smallest number left in any list, removed from every list that holds it.
    mutating func next() -> Int32? {
        if count <= 1 { return lists.0.popFirst() }
        var smallest = Int32.max
        if let first = lists.0.first, first < smallest { smallest = first }
        if let first = lists.1.first, first < smallest { smallest = first }
        if let first = lists.2.first, first < smallest { smallest = first }
        if let first = lists.3.first, first < smallest { smallest = first }
        if let first = lists.4.first, first < smallest { smallest = first }
        guard smallest != Int32.max else { return nil }
        if lists.0.first == smallest { lists.0.removeFirst() }
        if lists.1.first == smallest { lists.1.removeFirst() }
        if lists.2.first == smallest { lists.2.removeFirst() }
        if lists.3.first == smallest { lists.3.removeFirst() }
        if lists.4.first == smallest { lists.4.removeFirst() }
        return smallest
    }
}
