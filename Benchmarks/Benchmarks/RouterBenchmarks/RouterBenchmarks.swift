import Benchmark
import Foundation

// Router: resolving a URL string to its route and captured parameters, Wayfinder's frozen route
// table against routing-kit's `TrieRouter`, on identical tables of 10, 1,000 and 100,000 routes
// and identical URLs. `Scripts/benchmark-ratios` turns the results into the published ratios.
//
// Names are "<what> <routes> <side>": the ratio script pairs the sides by name, and since
// benchmarks run in the order of their names, the two sides of a pair run one right after the
// other, under the same load from whatever else the machine is doing.

/// The table sizes measured.
let routeCounts = [10, 1_000, 100_000]

/// One table size: the routes and URLs, and both routers built from them.
///
/// Both sides must give the same answer for every URL before anything is timed: a ratio between
/// routers that answer different questions would mean nothing.
struct SizeFixture: @unchecked Sendable {  // routing-kit's router is a class, only read once built
    let fixture: RouteFixture
    let wayfinder: WayfinderSide
    let routingKit: RoutingKitSide

    init(routeCount: Int) {
        fixture = RouteFixture(routeCount: routeCount)
        wayfinder = WayfinderSide(fixture)
        routingKit = RoutingKitSide(fixture)
        var hits = 0
        for url in fixture.urls {
            let wayfinderAnswer = SizeFixture.answer { body in wayfinder.resolve(url, body) }
            let routingKitAnswer = SizeFixture.answer { body in routingKit.resolve(url, body) }
            guard wayfinderAnswer == routingKitAnswer else {
                fatalError(
                    "The routers disagree on \(url) with \(routeCount) routes: "
                        + "Wayfinder \(wayfinderAnswer.map(String.init(describing:)) ?? "no match"), "
                        + "routing-kit \(routingKitAnswer.map(String.init(describing:)) ?? "no match")")
            }
            if wayfinderAnswer != nil { hits += 1 }
        }
        print("\(routeCount) routes: both routers agree on all \(fixture.urls.count) URLs (\(hits) hits)")
    }

    private static func answer(_ resolve: ((String, String) -> Void) -> String?) -> RouteFixture.Answer? {
        var parameters: [String: String] = [:]
        guard let route = resolve({ parameters[$0] = $1 }) else { return nil }
        return RouteFixture.Answer(route: route, parameters: parameters)
    }
}

/// Each size is built the first time a benchmark needs it, outside the measurement (every
/// benchmark runs in its own process, so only the size it measures is built).
enum Fixtures {
    static let small = SizeFixture(routeCount: routeCounts[0])
    static let medium = SizeFixture(routeCount: routeCounts[1])
    static let large = SizeFixture(routeCount: routeCounts[2])

    static func of(_ count: Int) -> SizeFixture {
        switch count {
        case routeCounts[0]: small
        case routeCounts[1]: medium
        default: large
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    // One sample resolves each of the fixture's 1,000 URLs once; `.kilo` makes the reported
    // time and malloc count per URL.
    let resolveConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )
    precondition(RouteFixture.urlCount == BenchmarkScalingFactor.kilo.rawValue)

    for count in routeCounts {
        var configuration = resolveConfiguration
        configuration.setup = { _ = Fixtures.of(count) }
        Benchmark("resolve \(count) wayfinder", configuration: configuration) { benchmark in
            let side = Fixtures.of(count).wayfinder
            let urls = Fixtures.of(count).fixture.urls
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(side.resolve(urls[index]) { _, value in blackHole(value) })
            }
        }
        Benchmark("resolve \(count) routing-kit", configuration: configuration) { benchmark in
            let side = Fixtures.of(count).routingKit
            let urls = Fixtures.of(count).fixture.urls
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(side.resolve(urls[index]) { _, value in blackHole(value) })
            }
        }
    }

    // Building a table from the routes' text: parse and freeze (Wayfinder) or parse and register
    // (routing-kit).
    for count in routeCounts {
        let buildConfiguration = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .microseconds,
            warmupIterations: 1,
            maxDuration: .seconds(count >= 100_000 ? 10 : 3),
            maxIterations: count >= 100_000 ? 10 : 200,
            setup: { _ = Fixtures.of(count) }
        )
        Benchmark("build \(count) wayfinder", configuration: buildConfiguration) { benchmark in
            let fixture = Fixtures.of(count).fixture
            benchmark.startMeasurement()
            blackHole(WayfinderSide(fixture))
        }
        Benchmark("build \(count) routing-kit", configuration: buildConfiguration) { benchmark in
            let fixture = Fixtures.of(count).fixture
            benchmark.startMeasurement()
            blackHole(RoutingKitSide(fixture))
        }
    }
}
