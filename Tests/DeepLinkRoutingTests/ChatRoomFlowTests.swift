import DeepLinkRouting
import Foundation
import Testing

/// TapTalk's open-a-room flow, from Examples/chat.json: sign in first, find the room in the local
/// cache or on the server, and do nothing when the room is already open.
@Suite("Seed flow: chat room links")
struct ChatRoomFlowTests {
    static let table = try! RouteTable(
        manifest: Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent("chat.json")))

    struct Room: Sendable, Equatable {
        var id: String
        var title: String
    }

    /// The app's state: who is signed in, which rooms are cached, which room is on screen.
    actor ChatApp {
        var signedIn = false
        var cache: [String: Room] = ["cached": Room(id: "cached", title: "Cached room")]
        let server: [String: Room] = ["remote": Room(id: "remote", title: "Remote room")]
        var openRoom: String? = nil
        var log: [String] = []

        func signIn() -> Bool {
            log.append("sign-in sheet")
            signedIn = true
            return true
        }

        func fetch(_ id: String) -> Room? {
            log.append("fetch \(id)")
            if let room = server[id] { cache[id] = room }
            return server[id]
        }

        func show(_ room: Room) {
            log.append("show \(room.title)")
            openRoom = room.id
        }
    }

    static func router(_ app: ChatApp) throws -> Router {
        var builder = RouterBuilder(table: table)
        builder.add(
            ClosureBarrier("signedIn") { _ in
                await app.signedIn ? .passed : .needsCheck
            } performCheck: { _ in
                await app.signIn()
            })
        let rooms = ContentResolver<Room>(
            local: { match in await app.cache[match["roomId"] ?? ""] },
            remote: { match in await app.fetch(match["roomId"] ?? "") }
        )
        builder.handle("room", resolver: rooms, isShowing: { match in await app.openRoom == match["roomId"] }) {
            _, room in
            await app.show(room)
        }
        builder.handle("profile") { _ in }
        return try builder.build()
    }

    @Test("a signed-out person signs in, the room is fetched from the server, then shown")
    func remoteRoomAfterSignIn() async throws {
        let app = ChatApp()
        let router = try Self.router(app)
        await router.activate()
        let outcome = await router.open(URL(string: "https://chat.example.com/remote")!)
        #expect(outcome.name == "opened")
        #expect(await app.log == ["sign-in sheet", "fetch remote", "show Remote room"])
    }

    @Test("a cached room opens without asking the server, also from the chatapp scheme")
    func cachedRoom() async throws {
        let app = ChatApp()
        _ = await app.signIn()
        let router = try Self.router(app)
        await router.activate()
        #expect(await router.open(URL(string: "chatapp://room/cached")!).name == "opened")
        #expect(await app.log == ["sign-in sheet", "show Cached room"])
    }

    @Test("the room already on screen is alreadyShowing and is not reopened")
    func alreadyOpen() async throws {
        let app = ChatApp()
        let router = try Self.router(app)
        await router.activate()
        _ = await router.open(URL(string: "https://chat.example.com/cached")!)
        let again = await router.open(URL(string: "https://chat.example.com/cached")!)
        #expect(again.name == "alreadyShowing")
        #expect(await app.log == ["sign-in sheet", "show Cached room"])
    }

    @Test("a room found neither locally nor on the server fails with notAvailable")
    func missingRoom() async throws {
        let app = ChatApp()
        let router = try Self.router(app)
        await router.activate()
        guard case .failed(let error) = await router.open(URL(string: "https://chat.example.com/gone")!) else {
            Issue.record("expected failed")
            return
        }
        #expect(error as? HandlingError == HandlingError.notAvailable(route: "room"))
    }

    @Test("the website's pages and profiles are told apart from rooms")
    func otherLinks() {
        #expect(Self.table.resolve(URL(string: "https://chat.example.com/about")!) == .excluded)
        #expect(Self.table.resolve(URL(string: "https://chat.example.com/legal/terms")!) == .excluded)
        #expect(Self.table.resolve(URL(string: "https://chat.example.com/u/alice")!).match?.route == "profile")
        #expect(Self.table.resolve(URL(string: "chatapp://user/alice")!).match?["username"] == "alice")
    }
}
