/// The platform a visitor came from, as far as the `User-Agent` tells.
package enum Platform: String, Sendable, Hashable, CaseIterable {
    case ios
    case android
    case desktop
    /// Anything else: unknown agents, command-line tools.
    case other
}
