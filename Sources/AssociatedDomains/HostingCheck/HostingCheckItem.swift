/// One line of a hosting checklist: a rule, the file it is about, the verdict, what was seen,
/// and, when something is wrong, the one-line fix.
public struct HostingCheckItem: Sendable, Hashable {
    /// How a rule came out.
    public enum Verdict: String, Sendable, Hashable, CaseIterable {
        /// The rule holds.
        case pass
        /// Universal links or App Links break (or will break) because of this.
        case fail
        /// Works, but is fragile or probably not what was meant.
        case warning
        /// The rule could not be judged (the file could not be fetched, or the step is not
        /// available); the run cannot say everything is right.
        case unchecked
    }

    /// The rule judged.
    public var rule: HostingRule
    /// The file the rule was judged on.
    public var file: HostedFile
    /// How the rule came out.
    public var verdict: Verdict
    /// What was seen, in one sentence.
    public var detail: String
    /// What to do, in one line; set for every verdict but `pass`.
    public var fix: String?

    /// One checklist line: `rule` on `file` came out `verdict`, having seen `detail`; `fix` says
    /// what to do when the verdict is not ``Verdict/pass``.
    public init(_ rule: HostingRule, _ file: HostedFile, _ verdict: Verdict, _ detail: String, fix: String? = nil) {
        self.rule = rule
        self.file = file
        self.verdict = verdict
        self.detail = detail
        self.fix = fix
    }
}
