import DeepLinkRouting
import Foundation

/// One line of a tenant's audit log: who did what to which thing, when, from where, and the
/// fields it changed. Never a secret: passwords, webhook secrets and key material are recorded
/// as changed (`"(set)"`), never by value.
package struct AuditEntry: Sendable, Hashable {
    /// The store's number for the entry (`0` until stored); entries are listed newest first by it.
    package var id: Int
    package var tenant: String
    package var time: Date
    /// ``Actor/name`` (`key:wf_AbCdEfGh`, `person:ana@example.com`), or `operator` for the
    /// command line.
    package var actor: String
    package var action: AuditAction
    /// What was acted on: `link:spring`, `webhook:<id>`, `domain:go.example.com`, `key:wf_…`.
    package var target: String
    package var changes: [AuditChange]
    /// The client address, truncated as the click analytics truncate it; `nil` when there was
    /// none (the command line).
    package var address: String?

    package init(
        id: Int = 0, tenant: String, time: Date, actor: String, action: AuditAction, target: String,
        changes: [AuditChange] = [], address: String? = nil
    ) {
        self.id = id
        self.tenant = tenant
        self.time = time
        self.actor = actor
        self.action = action
        self.target = target
        self.changes = changes
        self.address = address
    }

    /// The changes as stored: a JSON array of `{"field", "before", "after"}`.
    package var changesText: String {
        get {
            JSONNode(.array(changes.map(\.node))).jsonText(style: .compact)
        }
        set {
            changes = ((try? JSONParser().parse(newValue))?.arrayValue ?? []).compactMap(AuditChange.init(node:))
        }
    }
}

/// One field an audited action changed, before → after (`nil`: absent).
package struct AuditChange: Sendable, Hashable {
    package var field: String
    package var before: String?
    package var after: String?

    package init(field: String, before: String?, after: String?) {
        self.field = field
        self.before = before
        self.after = after
    }

    /// What a secret field is recorded as: that it was set, never its value.
    package static let secret = "(set)"

    var node: JSONNode {
        .object([
            "field": JSONNode(.string(field)),
            "before": before.map { JSONNode(.string($0)) } ?? JSONNode(.null),
            "after": after.map { JSONNode(.string($0)) } ?? JSONNode(.null),
        ])
    }

    init?(node: JSONNode) {
        guard let field = node["field"]?.stringValue else { return nil }
        self.init(field: field, before: node["before"]?.stringValue, after: node["after"]?.stringValue)
    }
}
