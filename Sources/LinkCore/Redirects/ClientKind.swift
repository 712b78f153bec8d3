/// What the redirect planner, the claim token issuer and `wf_click` read of a ``ClientInfo``:
/// two visitors of one kind get the same answer from the same link (their claim tokens and
/// click ids aside), so that answer can be worked out once per kind.
///
/// `SplicedPageTests` checks this over its agents: every visitor of a kind gets the answer the
/// first one of that kind got.
package struct ClientKind: Sendable, Hashable {
    package var platform: Platform
    package var isCrawler: Bool
    package var isBot: Bool
    package var iPad: Bool
    package var inApp: InAppBrowser?
    package var followsIntentRedirects: Bool
}

extension ClientInfo {
    /// The kind of visitor this is, as far as a link's answer goes.
    package var kind: ClientKind {
        ClientKind(
            platform: platform, isCrawler: isCrawler, isBot: isBot, iPad: os == "iPadOS", inApp: inApp,
            followsIntentRedirects: followsIntentRedirects)
    }
}
