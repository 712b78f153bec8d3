import Foundation
import Testing

@Suite("wayfinder deferred")
struct DeferredCommandTests {
    @Test("rotate-secret adds the next signing key each time and says which")
    func rotateSecret() async throws {
        let (database, directory) = try KeysCommandTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await WayfinderProcess.runDetached(["deferred", "rotate-secret", "--database", database])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "claim-token secret rotated: key 1 signs new tokens\n")
        let second = try await WayfinderProcess.runDetached(["deferred", "rotate-secret", "--database", database])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == "claim-token secret rotated: key 2 signs new tokens\n")
    }

    @Test("serve refuses a deferred token lifetime outside 60 s to 30 days")
    func lifetimeBounds() async throws {
        let result = try await WayfinderProcess.runDetached([
            "serve", "--manifest", "Examples/storyteller.json", "--deferred-lifetime", "5",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--deferred-lifetime must be from 60 to 2592000 seconds"))
    }
}
