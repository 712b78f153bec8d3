/// What iOS does with a URL for one app.
public enum AASADecision: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A rule matched: the app opens the URL.
    case match
    /// An `exclude` rule (or a `NOT ` path) matched first: the URL opens in the browser.
    case exclude
    /// No rule matched (or the app, scheme or host is not covered).
    case noMatch = "no_match"

    /// `match`, `exclude` or `no_match`, as `wayfinder aasa match` prints it.
    public var description: String { rawValue }
}
