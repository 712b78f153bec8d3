import Foundation
import Hummingbird

/// `BareRedirect HOST PORT LOCATION [PAGE_BYTES]`: answers every GET with `302 Found` to LOCATION,
/// with the headers Wayfinder's redirect has, `/healthz` with `200`, and `/page` with a `200` HTML
/// body of PAGE_BYTES bytes (default 7,168: about Wayfinder's iOS preview page), the same bytes
/// every time. What Hummingbird costs per request before any of Wayfinder's own work, for a
/// redirect and for a page of that size.
let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let port = Int(arguments[2]),
    let pageBytes = arguments.count == 5 ? Int(arguments[4]) : 7_168
else {
    print("usage: BareRedirect HOST PORT LOCATION [PAGE_BYTES]")
    exit(2)
}
let location = arguments[3]
let page = ByteBuffer(repeating: UInt8(ascii: "x"), count: pageBytes)
let router = Router()
router.get("/healthz") { _, _ in "ok\n" }
router.get("/page") { _, _ in
    Response(
        status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: page))
}
router.get("/**") { _, _ in
    Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
}
let app = Application(
    router: router,
    configuration: .init(address: .hostname(arguments[1], port: port), serverName: "wayfinder"))
try await app.runService()
