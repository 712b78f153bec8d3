import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// What `wayfinder serve` leaves to its environment and what it sets up itself: glibc's malloc
/// arenas (`MALLOC_ARENA_MAX`, glibc's own setting, which the server does not override) and the
/// log format.
@Suite("serve: malloc arenas and log format", .serialized, .timeLimit(.minutes(3)))
struct ServeMemoryAndLogTests {
    /// The heaps of glibc's arenas other than the main one, in a process's memory map: each is a
    /// 64 MB region aligned to 64 MB, read-write where used and inaccessible above.
    static func arenaHeaps(pid: Int32) throws -> Int {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        let size: UInt64 = 64 << 20
        var regions: [(start: UInt64, end: UInt64, permissions: Substring, anonymous: Bool)] = []
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields[0].split(separator: "-")
            guard fields.count >= 5, range.count == 2, let start = UInt64(range[0], radix: 16),
                let end = UInt64(range[1], radix: 16)
            else { continue }
            regions.append((start, end, fields[1], fields.count == 5))
        }
        var heaps = 0
        for (index, region) in regions.enumerated()
        where region.anonymous && region.permissions == "rw-p" && region.start % size == 0 {
            var end = region.end
            if index + 1 < regions.count, regions[index + 1].start == end, regions[index + 1].permissions == "---p" {
                end = regions[index + 1].end
            }
            if end - region.start == size { heaps += 1 }
        }
        return heaps
    }

    @Test(
        "MALLOC_ARENA_MAX=2 in the environment holds the server to two arenas under a concurrent load",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "reads /proc/PID/maps (Linux)"))
    func boundedArenas() async throws {
        try await ServeProcess.withServer(named: "arenas", environment: ["MALLOC_ARENA_MAX": "2"]) { server, _ in
            // Every thread that allocates gets an arena of its own while glibc's bound (eight per
            // core) allows: a concurrent load makes the event loops and the task pool allocate.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<16 {
                    group.addTask {
                        for number in 0..<30 {
                            _ = try await server.visit("w\(worker)-\(number)")
                            _ = try await FaultClient.shared.get("\(server.base)/healthz")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let heaps = try Self.arenaHeaps(pid: server.pid)
            // The main arena lives in the program break; a bound of two leaves one more.
            #expect(heaps <= 1, "\(heaps) arena heaps besides the main arena")
        }
    }

    @Test("WAYFINDER_LOG_FORMAT=json: every line the server writes is a JSON object, requests' lines with their id")
    func jsonLog() async throws {
        try await ServeProcess.withServer(named: "json-log", environment: ["WAYFINDER_LOG_FORMAT": "json"]) {
            server, _ in
            // A request that logs: a console sign-in with no form token.
            let refused = try await FaultClient.shared.send(
                "\(server.base)/admin/sign-in", method: .POST,
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "key=wf_nothing")
            #expect(refused.status == 403)
            #expect(await eventually { server.log.contains("console sign-in") })
            let lines = server.log.split(separator: "\n")
            #expect(lines.count >= 3)
            var objects: [[String: Any]] = []
            for line in lines {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object != nil, "not a JSON line: \(line)")
                if let object { objects.append(object) }
            }
            #expect(objects.contains { ($0["message"] as? String)?.hasPrefix("listening on") == true })
            let request = objects.filter { ($0["message"] as? String)?.hasPrefix("console sign-in") == true }
            #expect(!request.isEmpty && request.allSatisfy { ($0["request_id"] as? String)?.isEmpty == false })
        }
    }
}
