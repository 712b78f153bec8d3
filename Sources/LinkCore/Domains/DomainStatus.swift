/// Where a runtime domain is in its life.
package enum DomainStatus: String, Sendable, CaseIterable {
    /// Added; its TXT record has not been seen yet. Serves nothing.
    case pending
    /// Its TXT record was seen: the tenant's files, links and previews are served on it.
    case verified
    /// Pending for longer than ``RuntimeDomain/verificationWindow``: checks have stopped.
    case expired
}
