/// A handler for links the route table does not match, in the shape NoMoreDeepLinkHandler's
/// plugins have, for teams migrating from it.
///
/// The router asks its plugins in order with ``shouldHandle(_:)``; the first that does not answer
/// ``PluginAnswer/no`` handles the link, after the router's mandatory barriers and the barrier it
/// named, if any. A barrier named at run time that the router does not know blocks the link.
public protocol DeepLinkPlugin: Sendable {
    /// Names the plugin in outcomes (``RouteMatch/route``).
    var name: String { get }
    /// Barriers the plugin may name, checked when the router is built.
    var barriers: [String] { get }
    /// Whether the plugin takes `link`; asked only for links no route matched, and should not have
    /// side effects, since a later link may supersede this one before it is handled.
    func shouldHandle(_ link: DeepLink) async -> PluginAnswer
    /// Opens the link; `match` carries the plugin's name and any parameters it captured, and
    /// `data` what ``shouldHandle(_:)`` answered with.
    func handle(_ link: DeepLink, match: RouteMatch, data: (any Sendable)?) async throws
}

extension DeepLinkPlugin {
    /// No barriers: a plugin that names one at run time must list it here.
    public var barriers: [String] { [] }
}

/// A plugin's answer to "will you handle this link?".
public enum PluginAnswer: Sendable {
    /// Not this plugin's link; the router asks the next plugin.
    case no
    /// The plugin handles the link; `data` reaches ``DeepLinkPlugin/handle(_:match:data:)``.
    case yes(data: (any Sendable)? = nil)
    /// Yes, once the named barrier is passed.
    case yesWithBarrier(String, data: (any Sendable)? = nil)
}
