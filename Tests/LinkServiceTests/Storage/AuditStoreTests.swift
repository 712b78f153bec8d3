import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The audit log and keys' scopes as every store keeps them (SQLite, PostgreSQL, memory).
@Suite("Audit log and key scopes in the store")
struct AuditStoreTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func entry(
        _ index: Int, tenant: String = "storyteller", actor: String = "key:wf_aaaaaaaa", target: String = "link:a"
    ) -> AuditEntry {
        AuditEntry(
            tenant: tenant, time: start.addingTimeInterval(Double(index) * 60), actor: actor,
            action: .linkUpdated, target: target,
            changes: [AuditChange(field: "destination", before: "https://x/\(index)", after: nil)],
            address: "203.0.113.0/24")
    }

    @Test("entries read back as appended, newest first, one tenant's only", arguments: LinkStoreFactory.all)
    func readBack(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            for index in 0..<3 { try await store.appendAudit(Self.entry(index)) }
            try await store.appendAudit(Self.entry(9, tenant: "chat"))
            let entries = try await store.auditEntries(
                tenant: "storyteller", query: AuditQuery(), before: nil, limit: 10)
            #expect(entries.map(\.time) == [2, 1, 0].map { Self.start.addingTimeInterval(Double($0) * 60) })
            var expected = Self.entry(2)
            expected.id = entries[0].id
            #expect(entries.first == expected)
            #expect(entries.first?.changes == [AuditChange(field: "destination", before: "https://x/2", after: nil)])
            #expect(Set(entries.map(\.id)).count == 3)
        }
    }

    @Test("filters by actor, target and time, and pages by the id before", arguments: LinkStoreFactory.all)
    func filtersAndPages(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            for index in 0..<6 {
                try await store.appendAudit(
                    Self.entry(
                        index, actor: index % 2 == 0 ? "key:wf_even0000" : "key:wf_odd00000",
                        target: index < 3 ? "link:a" : "link:b"))
            }
            let even = try await store.auditEntries(
                tenant: "storyteller", query: AuditQuery(actor: "key:wf_even0000"), before: nil, limit: 10)
            #expect(even.count == 3)
            let b = try await store.auditEntries(
                tenant: "storyteller", query: AuditQuery(target: "link:b"), before: nil, limit: 10)
            #expect(b.count == 3)
            let recent = try await store.auditEntries(
                tenant: "storyteller", query: AuditQuery(since: Self.start.addingTimeInterval(4 * 60)), before: nil,
                limit: 10)
            #expect(recent.count == 2)
            var seen: [Int] = []
            var before: Int? = nil
            while true {
                let page = try await store.auditEntries(
                    tenant: "storyteller", query: AuditQuery(), before: before, limit: 4)
                seen += page.map(\.id)
                guard page.count == 4, let last = page.last else { break }
                before = last.id
            }
            #expect(seen.count == 6 && Set(seen).count == 6 && seen == seen.sorted(by: >))
        }
    }

    @Test("pruning drops only the entries older than the retention", arguments: LinkStoreFactory.all)
    func prune(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            for index in 0..<5 { try await store.appendAudit(Self.entry(index)) }
            #expect(try await store.pruneAudit(before: Self.start.addingTimeInterval(2 * 60)) == 2)
            let left = try await store.auditEntries(tenant: "storyteller", query: AuditQuery(), before: nil, limit: 10)
            #expect(left.count == 3)
            #expect(left.allSatisfy { $0.time >= Self.start.addingTimeInterval(2 * 60) })
        }
    }

    @Test("a key's scopes, name and last use read back; touching writes the last use", arguments: LinkStoreFactory.all)
    func keyScopes(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let (_, app) = APIKey.make(tenant: "storyteller", scopes: [.app], name: "iOS app")
            let (_, plain) = APIKey.make(tenant: "storyteller")
            try await store.insertAPIKey(app)
            try await store.insertAPIKey(plain)
            #expect(try await store.apiKey(hash: app.hash) == app)
            #expect(try await store.apiKey(hash: plain.hash)?.scopes == Scope.standard)
            #expect(try await store.apiKey(hash: plain.hash)?.lastUsedAt == nil)
            let used = Self.start.addingTimeInterval(0.5)
            try await store.touchAPIKey(hash: plain.hash, at: used)
            #expect(try await store.apiKey(hash: plain.hash)?.lastUsedAt == used)
        }
    }
}
