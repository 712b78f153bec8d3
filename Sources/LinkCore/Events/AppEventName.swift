/// What an event may be called: the standard names stats and FDL's `linkStats` know, or the
/// app's own, 1 to 64 of `a-z`, `0-9`, `_`, `.`, `-`, except the reserved ones.
package enum AppEventName {
    package static let install = "install"
    package static let open = "open"
    package static let reopen = "reopen"
    package static let signup = "signup"
    package static let purchase = "purchase"

    /// The names with a meaning of their own in stats and the funnel.
    package static let standard: Set<String> = [install, open, reopen, signup, purchase]
    /// Names of the funnel's own steps, counted from clicks and claims: an event of that name
    /// would read as one of them.
    package static let reserved: Set<String> = ["click", "clicks", "claim", "claims", "store", "sent_to_store"]

    /// Why `name` cannot be an event's name; `nil` when it can.
    package static func problem(with name: String) -> String? {
        guard (1...64).contains(name.utf8.count),
            name.utf8.allSatisfy({
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D
            })
        else { return "\"\(name)\" is no event name: 1 to 64 of a-z, 0-9, \"_\", \".\" and \"-\"" }
        if reserved.contains(name) {
            return "\"\(name)\" is reserved for the funnel's own steps; pick another name"
        }
        return nil
    }
}
