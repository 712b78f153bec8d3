import Foundation
import LinkCore

/// How runtime domains are stored: the `domains` table's columns, listed once.
package enum DomainRows {
    package static let domain = RowDescription<RuntimeDomain>(
        table: "domains", key: ["name"],
        columns: [
            .init("name", \.name, identity: true), .init("tenant", \.tenant, identity: true),
            .init("status", \.status), .init("token", \.token), .init("created_at", \.createdAt),
            .init("verified_at", \.verifiedAt), .init("checked_at", \.checkedAt), .init("check_error", \.checkError),
            .init("checks", \.checks),
        ],
        blank: RuntimeDomain(name: "", tenant: "", token: "", createdAt: Date(timeIntervalSince1970: 0)))
}

extension DomainStatus: SQLStorable {
    package var sqlValue: SQLValue { .text(rawValue) }

    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self.init(rawValue: text)
    }
}
