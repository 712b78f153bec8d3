import DeepLinkRouting
import Foundation
import Testing

@Suite("Router: outcomes, barriers, pending links, timeouts, plugins")
struct RouterTests {
    static func table() throws -> RouteTable {
        var builder = RouteTableBuilder(
            domains: ["example.com"], customSchemes: ["example"], exclude: [PathPattern("/e/*")])
        try builder.add("story", paths: ["/story/{storyId}"], schemeLinks: ["example://open/{storyId}"])
        try builder.add("account", paths: ["/account"], barriers: ["signedIn"])
        return try builder.build()
    }

    static func url(_ text: String) -> URL { URL(string: text)! }

    /// A barrier whose answers the test sets.
    static func barrier(
        _ name: String, status: BarrierStatus, check: Bool = true, recorder: Recorder? = nil, timeout: Duration? = nil
    ) -> ClosureBarrier {
        ClosureBarrier(name, timeout: timeout) { _ in
            await recorder?.record("status \(name)")
            return status
        } performCheck: { _ in
            await recorder?.record("check \(name)")
            return check
        }
    }

    static func router(configure: (inout RouterBuilder) -> Void = { _ in }) throws -> Router {
        var builder = RouterBuilder(table: try table())
        builder.handle("story") { _ in }
        builder.handle("account") { _ in }
        builder.add(barrier("signedIn", status: .passed))
        configure(&builder)
        return try builder.build()
    }

    @Test("a matched link runs its handler with the typed parameters, also on the main actor")
    func opened() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.handle("story") { @MainActor match in
                await recorder.record("story \(match["storyId"] ?? "")")
            }
        }
        await router.activate()
        let outcome = await router.open(Self.url("example://open/42"))
        #expect(outcome.name == "opened")
        #expect(outcome.match?.route == "story")
        #expect(await recorder.events == ["story 42"])
    }

    @Test("links that are not the app's, excluded, unknown or unreadable say so; the not-found handler runs")
    func otherOutcomes() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.onNotFound { link in await recorder.record("not found \(link.pathSegments)") }
        }
        await router.activate()
        #expect(await router.open(Self.url("https://other.com/story/1")).name == "notDeepLink")
        #expect(await router.open(Self.url("https://example.com/e/x")).name == "excluded")
        #expect(await router.open(Self.url("https://example.com/nothing")).name == "notFound")
        #expect(await router.open(Self.url("https://example.com/story/%FF")).name == "invalid")
        #expect(await recorder.events == [#"not found ["nothing"]"#])
    }

    @Test("canOpen and resolve answer without running a handler or barrier")
    func dryRun() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.handle("story") { _ in await recorder.record("ran") }
        }
        #expect(router.canOpen(Self.url("https://example.com/story/1")))
        #expect(!router.canOpen(Self.url("https://example.com/nothing")))
        #expect(router.resolve(Self.url("https://example.com/story/1")).match?["storyId"] == "1")
        #expect(await recorder.events == [])
    }

    @Test("deny lists beat allow lists; the forbidden handler gets the reason")
    func forbidden() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.configuration.filter = LinkFilter(
                allowedSchemes: ["https", "example"], allowedHosts: ["example.com"], deniedHosts: ["example.com"])
            builder.onForbidden { _, reason in await recorder.record(reason) }
        }
        await router.activate()
        guard case .forbidden(let reason) = await router.open(Self.url("https://example.com/story/1")) else {
            Issue.record("expected forbidden")
            return
        }
        #expect(reason == #"the host "example.com" is denied"#)
        #expect(await router.open(Self.url("http://example.com/story/1")).name == "forbidden")
        #expect(
            await recorder.events == [
                #"the host "example.com" is denied"#, #"the scheme "http" is not in the allowed schemes"#,
            ])
    }

    @Test("a barrier that needs a check opens the link when the check passes and blocks it when it fails")
    func barriers() async throws {
        let recorder = Recorder()
        let passing = try Self.router { builder in
            builder.add(Self.barrier("signedIn", status: .needsCheck, check: true, recorder: recorder))
        }
        await passing.activate()
        #expect(await passing.open(Self.url("https://example.com/account")).name == "opened")
        #expect(await recorder.events == ["status signedIn", "check signedIn"])

        let failing = try Self.router { builder in
            builder.add(Self.barrier("signedIn", status: .needsCheck, check: false))
        }
        await failing.activate()
        guard case .blocked(let barrier) = await failing.open(Self.url("https://example.com/account")) else {
            Issue.record("expected blocked")
            return
        }
        #expect(barrier == "signedIn")
    }

    @Test("a mandatory barrier runs first for every link")
    func mandatoryBarrier() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.configuration.mandatoryBarriers = ["consent"]
            builder.add(Self.barrier("consent", status: .passed, recorder: recorder))
            builder.add(Self.barrier("signedIn", status: .passed, recorder: recorder))
        }
        await router.activate()
        #expect(await router.open(Self.url("https://example.com/story/1")).name == "opened")
        #expect(await router.open(Self.url("https://example.com/account")).name == "opened")
        #expect(await recorder.events == ["status consent", "status consent", "status signedIn"])
    }

    @Test("a barrier, route or plugin naming an unknown barrier fails when the router is built")
    func unknownBarrier() throws {
        #expect(throws: RouterError.unknownBarrier("signedIn", usedBy: #"the route "account""#)) {
            _ = try RouterBuilder(table: try Self.table()).build()
        }
        #expect(throws: RouterError.unknownBarrier("consent", usedBy: "the mandatory barriers")) {
            _ = try Self.router { $0.configuration.mandatoryBarriers = ["consent"] }
        }
        #expect(throws: RouterError.unknownBarrier("pin", usedBy: #"the plugin "/t/{id}""#)) {
            _ = try Self.router { $0.add(try! PathPlugin("/t/{id}", barrier: "pin") { _ in }) }
        }
        #expect(throws: RouterError.unknownRoute("nope")) {
            _ = try Self.router { $0.handle("nope") { _ in } }
        }
    }

    @Test("a barrier that does not answer within its timeout blocks the link")
    func barrierTimeout() async throws {
        let clock = ManualClock()
        let checking = Gate()
        let router = try Self.router { builder in
            builder.configuration.clock = clock.routerClock
            builder.add(
                ClosureBarrier("signedIn", timeout: .seconds(30)) { _ in
                    .needsCheck
                } performCheck: { _ in
                    await checking.open()
                    await Gate().wait()  // never answers
                    return true
                })
        }
        await router.activate()
        async let outcome = router.open(Self.url("https://example.com/account"))
        await checking.wait()
        clock.fireTimeouts()
        #expect(await outcome.name == "blocked")
    }

    @Test("links before activate() are pending; the latest is replayed by default")
    func pendingLatestOnly() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.handle("story") { match in await recorder.record(match["storyId"] ?? "") }
        }
        #expect(await router.open(Self.url("example://open/1")).name == "pending")
        #expect(await router.open(Self.url("example://open/2")).name == "pending")
        #expect(await router.open(Self.url("https://other.com/x")).name == "notDeepLink")
        let replayed = await router.activate()
        #expect(replayed.map(\.outcome.name) == ["opened"])
        #expect(await recorder.events == ["2"])
        #expect(await router.open(Self.url("example://open/3")).name == "opened")
    }

    @Test("with the all policy every pending link is replayed in order, except those older than the maximum age")
    func pendingAll() async throws {
        let clock = ManualClock()
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.configuration.pendingPolicy = .all
            builder.configuration.pendingMaxAge = .seconds(60)
            builder.configuration.clock = clock.routerClock
            builder.handle("story") { match in await recorder.record(match["storyId"] ?? "") }
        }
        _ = await router.open(Self.url("example://open/old"))
        clock.advance(by: .seconds(61))
        _ = await router.open(Self.url("example://open/1"))
        _ = await router.open(Self.url("example://open/2"))
        let replayed = await router.activate()
        #expect(replayed.map(\.link.pathSegments) == [["1"], ["2"]])
        #expect(await recorder.events == ["1", "2"])
    }

    @Test("a newer link supersedes one waiting on a barrier")
    func supersedes() async throws {
        let checking = Gate()
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.add(
                ClosureBarrier("signedIn") { _ in
                    .needsCheck
                } performCheck: { _ in
                    await checking.open()
                    await Gate().wait()  // the sign-in sheet stays up
                    return true
                })
            builder.handle("story") { match in await recorder.record("story \(match["storyId"] ?? "")") }
            builder.handle("account") { _ in await recorder.record("account") }
        }
        await router.activate()
        async let first = router.open(Self.url("https://example.com/account"))
        await checking.wait()
        let second = await router.open(Self.url("https://example.com/story/9"))
        #expect(await first.name == "superseded")
        #expect(second.name == "opened")
        #expect(await recorder.events == ["story 9"])
    }

    @Test("when superseding is off a newer link waits for the one on the barrier")
    func waitsItsTurn() async throws {
        let checking = Gate()
        let release = Gate()
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.configuration.newerLinkSupersedesWaiting = false
            builder.add(
                ClosureBarrier("signedIn") { _ in
                    .needsCheck
                } performCheck: { _ in
                    await checking.open()
                    await release.wait()
                    return true
                })
            builder.handle("story") { _ in await recorder.record("story") }
            builder.handle("account") { _ in await recorder.record("account") }
        }
        await router.activate()
        async let first = router.open(Self.url("https://example.com/account"))
        await checking.wait()
        async let second = router.open(Self.url("https://example.com/story/9"))
        await release.open()
        #expect(await first.name == "opened")
        #expect(await second.name == "opened")
        #expect(await recorder.events == ["account", "story"])
    }

    struct ContentGone: Error {}

    @Test("a handler that throws fails the link with its error")
    func handlerThrows() async throws {
        let router = try Self.router { $0.handle("story") { _ in throw ContentGone() } }
        await router.activate()
        guard case .failed(let error) = await router.open(Self.url("example://open/1")) else {
            Issue.record("expected failed")
            return
        }
        #expect(error is ContentGone)
    }

    @Test("a handler that misses its timeout is timedOut, and its late completion changes nothing")
    func handlerTimeout() async throws {
        let clock = ManualClock()
        let started = Gate()
        let finish = Gate()
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.configuration.clock = clock.routerClock
            builder.handle("story", timeout: .seconds(5)) { match in
                await started.open()
                await finish.wait()  // ignores cancellation, like a slow screen
                await recorder.record("late \(match["storyId"] ?? "")")
            }
            builder.handle("account") { _ in await recorder.record("account") }
            builder.onOutcome { link, outcome in await recorder.record("\(link.url.absoluteString) \(outcome.name)") }
        }
        await router.activate()
        async let outcome = router.open(Self.url("example://open/1"))
        await started.wait()
        clock.fireTimeouts()
        #expect(await outcome.name == "timedOut")
        await finish.open()
        #expect(await router.open(Self.url("https://example.com/account")).name == "opened")
        let events = await recorder.events
        #expect(events.filter { $0.hasPrefix("example://") } == ["example://open/1 timedOut"])
        #expect(events.contains("https://example.com/account opened"))
    }

    @Test("a route already on screen is alreadyShowing and nothing runs")
    func alreadyShowing() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.handle("story", isShowing: { $0["storyId"] == "1" }) { _ in await recorder.record("opened") }
        }
        await router.activate()
        #expect(await router.open(Self.url("example://open/1")).name == "alreadyShowing")
        #expect(await router.open(Self.url("example://open/2")).name == "opened")
        #expect(await recorder.events == ["opened"])
    }

    struct TransactionPlugin: DeepLinkPlugin {
        let name = "transactions"
        let recorder: Recorder

        func shouldHandle(_ link: DeepLink) async -> PluginAnswer {
            guard link.host == "legacy.example.com" else { return .no }
            return link.pathSegments.first == "secure"
                ? .yesWithBarrier("signedIn", data: "secure") : .yes(data: link.pathSegments.last)
        }

        func handle(_ link: DeepLink, match: RouteMatch, data: (any Sendable)?) async throws {
            await recorder.record("\(match.route) \(data as? String ?? "")")
        }
    }

    @Test("plugins are asked in order for links the table does not match")
    func plugins() async throws {
        let recorder = Recorder()
        let router = try Self.router { builder in
            builder.add(Self.barrier("signedIn", status: .needsCheck, check: false))
            builder.add(TransactionPlugin(recorder: recorder))
            builder.add(
                try! PathPlugin("/transaction/{transaction_id}") { match in
                    await recorder.record("path \(match["transaction_id"] ?? "")")
                })
        }
        await router.activate()
        #expect(await router.open(Self.url("https://legacy.example.com/open/77")).name == "opened")
        #expect(await router.open(Self.url("https://legacy.example.com/secure/1")).name == "blocked")
        let viaPath = await router.open(Self.url("payapp://transaction/5"))
        #expect(viaPath.match?.route == "/transaction/{transaction_id}")
        #expect(await router.open(Self.url("https://elsewhere.com/transaction/6")).name == "opened")
        #expect(await router.open(Self.url("https://elsewhere.com/other")).name == "notDeepLink")
        #expect(await router.open(Self.url("https://example.com/story/1")).name == "opened")
        #expect(await recorder.events == ["transactions 77", "path 5", "path 6"])
    }

    @Test("the completion-handler form reports the same outcome")
    func completionHandler() async throws {
        let router = try Self.router()
        await router.activate()
        let outcome = await withCheckedContinuation { continuation in
            router.open(Self.url("example://open/1")) { continuation.resume(returning: $0.name) }
        }
        #expect(outcome == "opened")
    }
}
