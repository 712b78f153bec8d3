extension RuleCondition {
    /// The condition for people, as the `?d=1` page says why a rule held: `device ios or android`,
    /// `query ref = newsletter`.
    package var summary: String {
        func list(_ values: [String]) -> String { values.joined(separator: " or ") }
        switch self {
        case .device(let values): return "device " + list(values)
        case .browser(let values): return "browser " + list(values)
        case .language(let values): return "language " + list(values)
        case .country(let values): return "country " + list(values)
        case .ip(let ranges): return "IP " + list(ranges.map(\.text))
        case .before(let date): return "before " + ISO8601.string(from: date)
        case .after(let date): return "from " + ISO8601.string(from: date)
        case .query(let name, .present): return "query \(name) present"
        case .query(let name, .equals(let value)): return "query \(name) = \(value)"
        case .query(let name, .valueless): return "query \(name) without a value"
        }
    }
}

extension RedirectRule {
    /// `rule 2 "German speakers"` (counted from 1, as people count).
    package func label(index: Int) -> String {
        "rule \(index + 1)" + (name.map { " “\($0)”" } ?? "")
    }
}
