import Foundation
import Hummingbird

/// `BareRedirect HOST PORT LOCATION`: answers every GET with `302 Found` to LOCATION, with the
/// headers Wayfinder's redirect has, and `/healthz` with `200`. What Hummingbird costs per request
/// before any of Wayfinder's own work.
let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[2]) else {
    print("usage: BareRedirect HOST PORT LOCATION")
    exit(2)
}
let location = arguments[3]
let router = Router()
router.get("/healthz") { _, _ in "ok\n" }
router.get("/**") { _, _ in
    Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname(arguments[1], port: port), serverName: "wayfinder"))
try await app.runService()
