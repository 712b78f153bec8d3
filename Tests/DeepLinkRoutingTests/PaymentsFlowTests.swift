import DeepLinkRouting
import Foundation
import Testing

/// A payments app, from Examples/payments.json: a transaction link is blocked until the person
/// authenticates, then opens with its typed ID.
@Suite("Seed flow: payments behind an authentication barrier")
struct PaymentsFlowTests {
    static let table = try! RouteTable(
        manifest: Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent("payments.json")))

    /// Face ID that fails the first time and succeeds the second.
    actor Authenticator {
        var attempts = 0
        var authenticated = false

        func authenticate() -> Bool {
            attempts += 1
            authenticated = attempts >= 2
            return authenticated
        }
    }

    @Test("a transaction link is blocked by a failed authentication, then opens once it passes")
    func blockedThenOpened() async throws {
        let authenticator = Authenticator()
        let recorder = Recorder()
        var builder = RouterBuilder(table: Self.table)
        builder.add(
            ClosureBarrier("authenticated") { _ in
                await authenticator.authenticated ? .passed : .needsCheck
            } performCheck: { _ in
                await authenticator.authenticate()
            })
        builder.handle("transaction") { match in
            await recorder.record("transaction \(match.int("transactionId") ?? -1)")
        }
        builder.handle("pay") { match in await recorder.record("pay \(match["order_id"] ?? "")") }
        builder.handle("receipts") { match in await recorder.record("receipts \(match["rest"] ?? "")") }
        let router = try builder.build()
        await router.activate()

        let link = URL(string: "https://pay.example.com/transaction/1042")!
        guard case .blocked(let barrier) = await router.open(link) else {
            Issue.record("expected the first attempt to be blocked")
            return
        }
        #expect(barrier == "authenticated")
        #expect(await router.open(link).name == "opened")
        #expect(await router.open(URL(string: "payapp://transaction/7")!).name == "opened")
        #expect(await router.open(URL(string: "https://pay.example.com/receipts/2024/05")!).name == "opened")
        #expect(await router.open(URL(string: "payapp://pay?order_id=A-1")!).name == "opened")
        #expect(await authenticator.attempts == 2)
        #expect(await recorder.events == ["transaction 1042", "transaction 7", "receipts 2024/05", "pay A-1"])
    }

    @Test("a transaction ID that is not an integer, or a pay link without order_id, opens nothing")
    func rejects() {
        #expect(Self.table.resolve(URL(string: "https://pay.example.com/transaction/abc")!) == .notFound)
        #expect(Self.table.resolve(URL(string: "https://pay.example.com/pay")!) == .notFound)
        #expect(Self.table.resolve(URL(string: "https://pay.example.com/pay/web/checkout")!) == .excluded)
    }
}
