import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import TestSupport
import Testing

/// `WAYFINDER_LOG_FORMAT=json`: one JSON object per line and event, with the request id on every
/// line logged while a request is answered.
@Suite("JSON logs")
struct JSONLogTests {
    @Test("each event is one JSON line; the events of a request carry its id, other events none")
    func requestIDOnEveryLine() async throws {
        let lines = Locked<[String]>([])
        var logger = Logger(label: "wayfinder") { label in
            JSONLogHandler(label: label, metadataProvider: RequestLogContext.metadataProvider) { line in
                lines.withLock { $0.append(line) }
            }
        }
        logger.logLevel = .info
        let store = MemoryLinkStore()
        let server = try LinkServer(
            configuration: LinkServiceConfiguration(port: 0), manifests: [LocalTenant.manifest], store: store,
            logger: logger)
        logger.info("before any request", metadata: ["phase": "start"])
        try await server.makeApplication().testLive { client in
            for _ in 0..<2 {
                var console = ConsoleClient(client)
                let response = try await console.signIn("wf_" + String(repeating: "x", count: 40))
                #expect(response.status == .unauthorized)
            }
        }
        try await store.close()

        let all = lines.withLock { $0 }
        #expect(!all.isEmpty)
        var events: [[String: Any]] = []
        for line in all {
            #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil, "not one line: \(line)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            for key in ["time", "level", "label", "message"] { #expect(object[key] is String, "no \(key): \(line)") }
            events.append(object)
        }
        let start = try #require(events.first { $0["message"] as? String == "before any request" })
        #expect(start["request_id"] == nil)
        #expect((start["metadata"] as? [String: Any])?["phase"] as? String == "start")
        #expect(start["level"] as? String == "info")
        let refusals = events.filter { $0["message"] as? String == "console sign-in refused" }
        #expect(refusals.count == 2)
        let ids = refusals.compactMap { $0["request_id"] as? String }
        #expect(ids.count == 2 && Set(ids).count == 2, "request ids: \(ids)")
        #expect(refusals.allSatisfy { ($0["metadata"] as? [String: Any])?["client"] as? String == "127.0.0.0/24" })
    }
}
