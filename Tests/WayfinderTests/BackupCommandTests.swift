import Foundation
import TestSupport
import Testing

/// `wayfinder backup`: a consistent copy of a live SQLite database, taken while a server writes it.
@Suite("wayfinder backup", .serialized, .timeLimit(.minutes(5)))
struct BackupCommandTests {
    @Test(
        "a backup taken during a load of creates and clicks restores into a server that has every link acknowledged before it began"
    )
    func backupDuringLoad() async throws {
        let folder = try TemporaryDirectory(prefix: "wayfinder-backup")
        defer { folder.remove() }
        let database = "sqlite:" + folder.path("links.sqlite")
        let copy = folder.path("copy.sqlite")
        let key = try await ServeProcess.makeKey(database: database)
        let server = try await ServeProcess.start(database: database, logDirectory: folder.url)
        var before: [String: Int] = [:]
        do {
            let created = Locked<[String: Int]>([:])
            let stop = Locked(false)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        var number = 0
                        while !stop.withLock({ $0 }) {
                            number += 1
                            let slug = "w\(worker)-\(number)"
                            let story = worker * 10_000 + number
                            if try await server.create(slug, story: story, key: key).status == 201 {
                                created.withLock { $0[slug] = story }
                            }
                            // Clicks too: every created link is visited once.
                            _ = try await server.visit(slug)
                        }
                    }
                }
                _ = await eventually(within: .seconds(60)) { created.withLock { $0.count } >= 200 }
                before = created.withLock { $0 }
                let backup = try await WayfinderProcess.runDetached(["backup", "--database", database, "--to", copy])
                #expect(backup.status == 0, "\(backup.stderr)")
                #expect(backup.stdout.hasPrefix("backed up \(database) to \(copy): "), "\(backup.stdout)")
                // The load goes on after the backup for a few more links, then stops.
                let backedUp = created.withLock { $0.count }
                _ = await eventually(within: .seconds(60)) { created.withLock { $0.count } >= backedUp + 5 }
                stop.withLock { $0 = true }
                try await group.waitForAll()
            }
            #expect(created.withLock { $0.count } > before.count, "the load did not go on during the backup")
        } catch {
            await server.kill()
            throw error
        }
        await server.kill()
        #expect(before.count >= 200)
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let restored = try await ServeProcess.start(database: "sqlite:" + copy, logDirectory: folder.url)
        do {
            var missing: [String] = []
            for (slug, story) in before.sorted(by: { $0.key < $1.key }) {
                let link = try await restored.api("links/\(slug)", key: key)
                if link.status != 200
                    || (link.json?["destination"] as? String) != "https://stories.example.com/story/\(story)"
                {
                    missing.append("\(slug): \(link.status)")
                }
            }
            #expect(missing.isEmpty, "links acknowledged before the backup are missing from it: \(missing.prefix(10))")
            #expect(try await restored.create("after-restore", story: 1, key: key).status == 201)
        } catch {
            await restored.kill()
            throw error
        }
        await restored.kill()
    }

    @Test("backup refuses PostgreSQL (pointing at pg_dump), a missing database and a file that already holds data")
    func refusals() async throws {
        let folder = try TemporaryDirectory(prefix: "wayfinder-backup-refusals")
        defer { folder.remove() }
        let postgres = try await WayfinderProcess.runDetached([
            "backup", "--database", "postgres://postgres@127.0.0.1:1/none", "--to", folder.path("p.sqlite"),
        ])
        #expect(postgres.status == 1)
        #expect(postgres.stderr.contains("pg_dump"))
        let missing = try await WayfinderProcess.runDetached([
            "backup", "--database", "sqlite:" + folder.path("nothing.sqlite"), "--to", folder.path("m.sqlite"),
        ])
        #expect(missing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path("nothing.sqlite")))
        let taken = folder.path("taken.sqlite")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: taken))
        _ = try await ServeProcess.makeKey(database: "sqlite:" + folder.path("real.sqlite"))
        let overwrite = try await WayfinderProcess.runDetached([
            "backup", "--database", "sqlite:" + folder.path("real.sqlite"), "--to", taken,
        ])
        #expect(overwrite.status == 1)
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "precious")
    }
}
