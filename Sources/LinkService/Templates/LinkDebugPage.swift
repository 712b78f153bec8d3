import LinkCore

/// The `?d=1` page of a link (`link-debug.mustache`): for each kind of visitor, where the link
/// sends them and why. ``FirebaseDebugPage`` works the rows out.
package struct LinkDebugPage: NoncePage {
    package static let template = PageTemplate.linkDebug

    package var shortURL: String
    package var destination: String
    package var siteName: String
    package var rows: [FirebaseDebugPage.Row]
    /// The simulated visitor's inputs, for a stored link (whose rules may read them).
    package var inputs: DebugInputs?
    /// What the stored link does for each kind of visitor, with the app and without
    /// (``LinkSimulation``); `nil` for a route path or a long link.
    package var simulation: SimulationTable? = nil
    package var nonce = ""

    /// The inputs form submits to the page itself.
    package static var submitsForms: Bool { true }

    package static let example = LinkDebugPage(
        shortURL: "https://go.example.com/spring", destination: "https://www.example.com/stories/spring",
        siteName: "Stories",
        rows: [
            FirebaseDebugPage.Row(
                visitor: "Desktop", answer: "302 redirect", url: "https://www.example.com/stories/spring",
                reason: "the destination", decidedBy: "rule 1 “German speakers”: all its conditions hold (language de)")
        ], inputs: DebugInputs(), simulation: .example)
}
