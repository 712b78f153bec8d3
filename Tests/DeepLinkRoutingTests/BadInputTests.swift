import DeepLinkRouting
import Foundation
import Testing

@Suite("Route table: bad input gets a clear outcome")
struct BadInputTests {
    static let table = try! Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent("payments.json"))

    static var routes: RouteTable { try! RouteTable(manifest: table) }

    @Test(
        "malformed links resolve to invalid with the reason",
        arguments: [
            ("https:///transaction/1", "the link has no host"),
            ("payapp://", "the link has no host"),
            ("https://pay.example.com/receipts/%C3%28", "the path has an invalid percent escape"),
            ("payapp://pay?order_id=%E2%82", "the query has an invalid percent escape"),
            ("not a url at all", "not an absolute URL"),
        ]
    )
    func invalid(text: String, reasonStart: String) {
        guard case .invalid(let reason) = Self.routes.resolve(text) else {
            Issue.record("\(text) did not resolve to invalid")
            return
        }
        #expect(reason.hasPrefix(reasonStart), "\(reason)")
    }

    @Test("an escape that is not an escape is taken literally, as Foundation re-encodes it")
    func strayPercent() {
        #expect(Self.routes.resolve("https://pay.example.com/transaction/%G1") == .notFound)
        #expect(Self.routes.resolve("https://pay.example.com/receipts/%G1").match?["rest"] == "%G1")
    }

    @Test("a 10,000-segment path is matched by the catch-all or not found, without trouble")
    func manySegments() {
        let segments = Array(repeating: "x", count: 10_000).joined(separator: "/")
        let match = Self.routes.resolve("https://pay.example.com/receipts/" + segments).match
        #expect(match?["rest"] == segments)
        #expect(Self.routes.resolve("https://pay.example.com/transaction/" + segments) == .notFound)
    }

    @Test("a 1 MB query string is read for declared items only")
    func hugeQuery() {
        let filler = String(repeating: "a", count: 1_000_000)
        let match = Self.routes.resolve("https://pay.example.com/pay?junk=\(filler)&order_id=7").match
        #expect(match?.parameters == ["order_id": "7"])
        #expect(Self.routes.resolve("https://pay.example.com/pay?junk=\(filler)") == .notFound)
    }

    @Test("a link whose escapes decode to bytes that are not UTF-8 is invalid, not a crash")
    func notUTF8() {
        #expect(Self.routes.resolve("https://pay.example.com/receipts/%FF").name == "invalid")
        #expect(Self.routes.resolve("payapp://pay?order_id=%FF").name == "invalid")
    }
}
