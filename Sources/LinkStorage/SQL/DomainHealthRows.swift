import Foundation
import LinkCore

/// How domains' health is stored: the `domain_health` table's columns, listed once.
package enum DomainHealthRows {
    package static let health = RowDescription<DomainHealth>(
        table: "domain_health", key: ["domain"],
        columns: [
            .init("domain", \.domain, identity: true), .init("tenant", \.tenant), .init("state", \.state),
            .init("failures", \.failuresText), .init("since", \.since), .init("checked_at", \.checkedAt),
        ],
        blank: DomainHealth(
            domain: "", tenant: "", state: .healthy, since: Date(timeIntervalSince1970: 0),
            checkedAt: Date(timeIntervalSince1970: 0)))
}

extension DomainHealthState: SQLStorable {
    package var sqlValue: SQLValue { .text(rawValue) }

    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self.init(rawValue: text)
    }
}
