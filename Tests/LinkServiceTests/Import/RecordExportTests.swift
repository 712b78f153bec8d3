import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Export of raw clicks, events and audit entries: the same text from every store, read a page at
/// a time, oldest first, within `since`/`until`, without a client address.
@Suite("Export of clicks, events and audit")
struct RecordExportTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    static func clickID(_ byte: UInt8) -> ClickID { ClickID(nonce: Array(repeating: byte, count: 16)) }

    /// Clicks, events and audit entries of `storyteller`, with one of `chat` between each kind's.
    static func fill(_ store: any LinkStore) async throws {
        var utm = UTMParameters()
        utm["source"] = "news"
        utm["campaign"] = "a, b"
        try await store.insertClicks([
            Click(
                linkID: "lnk_a", tenant: "storyteller", time: start.addingTimeInterval(0.1234), platform: .ios,
                os: "iOS",
                browser: "Safari", referrerHost: "news.example", utm: utm, inApp: .instagram, id: clickID(1)),
            Click(linkID: "lnk_c", tenant: "chat", time: start.addingTimeInterval(30), platform: .ios, id: clickID(2)),
        ])
        try await store.insertClicks([
            Click(
                linkID: nil, tenant: "storyteller", time: start.addingTimeInterval(60.5), platform: .android,
                isBot: true,
                id: clickID(3)),
            Click(
                linkID: "lnk_b", tenant: "storyteller", time: start.addingTimeInterval(120.999), platform: .desktop,
                id: clickID(4)),
        ])
        let at = start.addingTimeInterval(10)
        try await store.insertEvents([
            AppEvent(
                id: "ev_b", tenant: "storyteller", name: "install", clickID: clickID(1), linkID: "lnk_a",
                platform: .ios,
                occurredAt: at, receivedAt: at.addingTimeInterval(1)),
            AppEvent(
                id: "ev_a", tenant: "storyteller", name: "purchase", customerID: "cus_1", value: 12.5, currency: "EUR",
                dedupeKey: "order-1", occurredAt: at, receivedAt: at.addingTimeInterval(2)),
            // Bytewise `ev_C` comes before `ev_a` (a locale's collation puts it after).
            AppEvent(id: "ev_C", tenant: "storyteller", name: "open", occurredAt: at, receivedAt: at),
            AppEvent(id: "ev_x", tenant: "chat", name: "open", occurredAt: at, receivedAt: at),
            AppEvent(
                id: "ev_d", tenant: "storyteller", name: "signup", value: 0.000001, currency: "USD",
                occurredAt: start.addingTimeInterval(100), receivedAt: start.addingTimeInterval(100)),
        ])
        for (index, tenant) in ["storyteller", "chat", "storyteller", "storyteller"].enumerated() {
            try await store.appendAudit(
                AuditEntry(
                    tenant: tenant, time: start.addingTimeInterval(Double(index) * 60), actor: "person:ana@example.com",
                    action: index == 3 ? .webhookSecretRotated : .linkUpdated, target: "link:spring",
                    changes: [
                        AuditChange(field: "destination", before: "https://x/\(index)", after: "https://y/\(index)"),
                        AuditChange(field: "secret", before: nil, after: AuditChange.secret),
                    ],
                    address: "203.0.113.0/24"))
        }
    }

    static func export(
        _ store: any LinkStore, _ what: ExportRequest.What, format: ExportRequest.Format = .csv, since: Date? = nil,
        until: Date? = nil, pageSize: Int = 2
    ) async throws -> (text: String, pieces: Int) {
        var export = RecordExport(
            store: store, tenant: "storyteller",
            request: ExportRequest(what: what, format: format, since: since, until: until))
        export.pageSize = pageSize
        var text = ""
        var pieces = 0
        try await export.run { piece in
            text += piece
            pieces += 1
        }
        return (text, pieces)
    }

    static let clicksCSV = """
        id,time,link,platform,os,browser,inApp,referrer,bot,utmSource,utmMedium,utmCampaign,utmTerm,utmContent\r
        AQEBAQEBAQEBAQEBAQEBAQ,2027-01-15T08:00:00.123Z,lnk_a,ios,iOS,Safari,Instagram,news.example,false,news,,"a, b",,\r
        AwMDAwMDAwMDAwMDAwMDAw,2027-01-15T08:01:00.500Z,,android,,,,,true,,,,,\r
        BAQEBAQEBAQEBAQEBAQEBA,2027-01-15T08:02:00.999Z,lnk_b,desktop,,,,,false,,,,,\r

        """

    static let eventsJSONL = """
        {"id":"ev_C","name":"open","occurredAt":"2027-01-15T08:00:10.000Z","receivedAt":"2027-01-15T08:00:10.000Z"}
        {"id":"ev_a","name":"purchase","occurredAt":"2027-01-15T08:00:10.000Z","receivedAt":"2027-01-15T08:00:12.000Z","customer":"cus_1","value":12.5,"currency":"EUR","dedupeKey":"order-1"}
        {"id":"ev_b","name":"install","occurredAt":"2027-01-15T08:00:10.000Z","receivedAt":"2027-01-15T08:00:11.000Z","click":"AQEBAQEBAQEBAQEBAQEBAQ","link":"lnk_a","platform":"ios"}
        {"id":"ev_d","name":"signup","occurredAt":"2027-01-15T08:01:40.000Z","receivedAt":"2027-01-15T08:01:40.000Z","value":0.000001,"currency":"USD"}

        """

    static let auditCSV = """
        id,time,actor,action,target,changes\r
        1,2027-01-15T08:00:00.000Z,person:ana@example.com,link.updated,link:spring,"[{""field"":""destination"",""before"":""https://x/0"",""after"":""https://y/0""},{""field"":""secret"",""before"":null,""after"":""(set)""}]"\r

        """

    @Test(
        "clicks, events and audit export the same text from every store, oldest first, a page at a time",
        arguments: LinkStoreFactory.all)
    func sameTextFromEveryStore(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            try await Self.fill(store)
            let clicks = try await Self.export(store, .clicks)
            #expect(clicks.text == Self.clicksCSV)
            // The header, then a piece per page of two.
            #expect(clicks.pieces == 3)
            let events = try await Self.export(store, .events, format: .jsonl)
            #expect(events.text == Self.eventsJSONL)
            let audit = try await Self.export(store, .audit, until: Self.start.addingTimeInterval(60))
            #expect(audit.text == Self.auditCSV)
            let all = try await Self.export(store, .audit, format: .jsonl)
            let lines = all.text.split(separator: "\n").map { try? JSONParser().parse(String($0)) }
            #expect(lines.map { $0?["id"]?.value } == [.number("1"), .number("3"), .number("4")])
            #expect(lines.last??["action"]?.stringValue == "webhook.secret-rotated")
            #expect(!all.text.contains("203.0.113"))
        }
    }

    @Test(
        "since and until keep what happened in the range; an empty range is the header alone",
        arguments: LinkStoreFactory.all)
    func range(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            try await Self.fill(store)
            let middle = try await Self.export(
                store, .clicks, since: Self.start.addingTimeInterval(60.5),
                until: Self.start.addingTimeInterval(120.999))
            #expect(middle.text.split(separator: "\r\n").count == 2)
            #expect(middle.text.contains("AwMDAwMDAwMDAwMDAwMDAw,2027-01-15T08:01:00.500Z"))
            let late = try await Self.export(store, .events, since: Self.start.addingTimeInterval(11), pageSize: 1)
            #expect(late.text.split(separator: "\r\n").count == 2)
            #expect(late.text.contains("ev_d"))
            let none = try await Self.export(store, .audit, since: Self.start.addingTimeInterval(3600))
            #expect(none.text == CSVWriter.record(RecordExport.columns(of: .audit)))
            // Every page size reads each record once.
            for size in [1, 3, 1000] {
                #expect(try await Self.export(store, .clicks, pageSize: size).text == Self.clicksCSV)
                #expect(try await Self.export(store, .events, format: .jsonl, pageSize: size).text == Self.eventsJSONL)
            }
        }
    }

    @Test(
        "a large clicks export is read a page a piece, and the store answers other calls between pieces",
        arguments: LinkStoreFactory.all)
    func largeExportIsPaged(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let count = 20_000
            for batch in stride(from: 0, to: count, by: 2_000) {
                try await store.insertClicks(
                    (batch..<batch + 2_000).map { index in
                        Click(
                            linkID: "lnk_a", tenant: "storyteller", time: Self.start.addingTimeInterval(Double(index)),
                            platform: .ios)
                    })
            }
            var export = RecordExport(store: store, tenant: "storyteller", request: ExportRequest(what: .clicks))
            export.pageSize = 1_000
            var pieces = 0
            var rows = 0
            var largest = 0
            try await export.run { piece in
                pieces += 1
                rows += piece.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                largest = max(largest, piece.utf8.count)
                // Between two pages the export holds nothing of the store's.
                let answered = try await store.exportAudit(
                    tenant: "storyteller", since: nil, until: nil, after: nil, limit: 1)
                #expect(answered.records.isEmpty)
            }
            #expect(rows == count + 1)
            #expect(pieces == count / 1_000 + 1)
            // A piece is one page of rows, however large the export.
            #expect(largest < 1_000 * 120)
        }
    }

    @Test("each what is routed with its own scope: clicks and events stats:read, audit members:write")
    func scopesPerWhat() async throws {
        let service = try await TestService.make()
        try await Self.fill(service.store)
        var made: [Scope: String] = [:]
        for scope in [Scope.linksRead, .statsRead, .membersWrite] {
            made[scope] = try await service.key(for: "storyteller", scopes: [scope])
        }
        let keys = made
        let opening: [String: Scope] = [
            "links": .linksRead, "clicks": .statsRead, "events": .statsRead, "audit": .membersWrite,
        ]
        try await service.server.makeApplication().test(.router) { client in
            for (what, needed) in opening {
                for (scope, key) in keys {
                    let response = try await client.execute(
                        uri: "/api/v1/export/\(what)", method: .get, headers: .bearer(key))
                    if scope == needed {
                        #expect(response.status == .ok, "\(what) with \(scope.rawValue): \(response.text)")
                    } else {
                        #expect(response.status == .forbidden, "\(what) with \(scope.rawValue)")
                        #expect(response.json?[path: "detail"]?.contains(needed.rawValue) == true)
                    }
                }
            }
            let clicks = try await client.execute(
                uri: "/api/v1/export/clicks", method: .get, headers: .bearer(keys[.statsRead]!))
            #expect(clicks.text == Self.clicksCSV)
            #expect(clicks.headers[.contentDisposition] == "attachment; filename=\"storyteller-clicks.csv\"")
        }
        await service.close()
    }
}
