/// The `?d=1` page of a link (`link-debug.mustache`): for each kind of visitor, where the link
/// sends them and why. ``FirebaseDebugPage`` works the rows out.
struct LinkDebugPage: NoncePage {
    static let template = PageTemplate.linkDebug

    var shortURL: String
    var destination: String
    var siteName: String
    var rows: [FirebaseDebugPage.Row]
    /// The simulated visitor's inputs, for a stored link (whose rules may read them).
    var inputs: DebugInputs?
    var nonce = ""

    /// The inputs form submits to the page itself.
    static var submitsForms: Bool { true }

    static let example = LinkDebugPage(
        shortURL: "https://go.example.com/spring", destination: "https://www.example.com/stories/spring",
        siteName: "Stories",
        rows: [
            FirebaseDebugPage.Row(
                visitor: "Desktop", answer: "302 redirect", url: "https://www.example.com/stories/spring",
                reason: "the destination", decidedBy: "rule 1 “German speakers”: all its conditions hold (language de)")
        ], inputs: DebugInputs())
}
