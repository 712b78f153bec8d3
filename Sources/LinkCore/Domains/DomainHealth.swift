import DeepLinkRouting
import Foundation

/// How a served domain hosts its association files, as the last health check found them: its
/// AASA and assetlinks.json as served (the `wayfinder check` rules) and the copy Apple's CDN
/// holds.
package struct DomainHealth: Sendable, Equatable {
    /// The domain, as it is served (a manifest's name, or a runtime domain's normalised one).
    package var domain: String
    package var tenant: String
    package var state: DomainHealthState
    /// What failed, in the order the check lists its rules; empty when healthy.
    package var failures: [DomainHealthFailure]
    /// Since when the domain has been in ``state`` (the check that first found it so).
    package var since: Date
    /// When it was last checked.
    package var checkedAt: Date

    package init(
        domain: String, tenant: String, state: DomainHealthState, failures: [DomainHealthFailure] = [],
        since: Date, checkedAt: Date
    ) {
        self.domain = domain
        self.tenant = tenant
        self.state = state
        self.failures = failures
        self.since = since
        self.checkedAt = checkedAt
    }

    /// The outcome of a new check at `now` after `previous`: the state's start stays while the
    /// state stays.
    package func following(_ previous: DomainHealth?) -> DomainHealth {
        var next = self
        if let previous, previous.state == state { next.since = previous.since }
        return next
    }

    /// ``failures`` as stored: a JSON array of `{"check", "rule", "detail"}`.
    package var failuresText: String {
        get { JSONNode(.array(failures.map(\.node))).jsonText(style: .compact) }
        set {
            let items = (try? JSONParser().parse(newValue))?.arrayValue ?? []
            failures = items.compactMap(DomainHealthFailure.init(node:))
        }
    }
}

/// A domain's health, worst last.
package enum DomainHealthState: String, Sendable, CaseIterable, Comparable {
    /// Every check passed (warnings allowed).
    case healthy
    /// Devices still get the origin's files, but something around them is wrong: Apple's CDN
    /// holds no copy, or an outdated one.
    case degraded
    /// A file devices read is wrong or cannot be fetched: links do not open the app.
    case failing

    package static func < (lhs: DomainHealthState, rhs: DomainHealthState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One check that did not pass.
package struct DomainHealthFailure: Sendable, Equatable {
    /// The file checked: `aasa`, `aasa-root`, `assetlinks` or `apple-cdn`.
    package var check: String
    /// The `wayfinder check` rule that failed, such as `status` or `cdn-current`.
    package var rule: String
    /// What was found, and what to do.
    package var detail: String

    package init(check: String, rule: String, detail: String) {
        self.check = check
        self.rule = rule
        self.detail = detail
    }

    /// `{"check", "rule", "detail"}`
    package var node: JSONNode {
        .object([
            "check": JSONNode(.string(check)), "rule": JSONNode(.string(rule)), "detail": JSONNode(.string(detail)),
        ])
    }

    package init?(node: JSONNode) {
        guard let check = node["check"]?.stringValue, let rule = node["rule"]?.stringValue else { return nil }
        self.init(check: check, rule: rule, detail: node["detail"]?.stringValue ?? "")
    }
}
