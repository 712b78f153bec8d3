import Benchmark
import Foundation

// Router: resolving a URL string to its route and captured parameters, Wayfinder's frozen route
// table against routing-kit's `TrieRouter`, on identical tables of 10, 1,000 and 100,000 routes
// and identical URLs. `Scripts/benchmark-ratios` turns the results into the published ratios.
//
// Names are "<what> <side> <routes>" so that the ratio script can pair the sides.

/// The table sizes measured.
let routeCounts = [10, 1_000, 100_000]

/// Tables and URLs are built once per size, outside every measurement.
enum Fixtures {
    static let bySize: [Int: RouteFixture] = Dictionary(
        uniqueKeysWithValues: routeCounts.map { ($0, RouteFixture(routeCount: $0)) }
    )
    // routing-kit's router is a class that is not `Sendable`; it is only read once built, and the
    // benchmarks run one at a time.
    nonisolated(unsafe) static let routingKit: [Int: RoutingKitSide] = bySize.mapValues(RoutingKitSide.init)
}

let benchmarks: @Sendable () -> Void = {
    // One sample resolves each of the fixture's 1,000 URLs once; `.kilo` makes the reported
    // time and malloc count per URL.
    let resolveConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000,
        setup: { _ = Fixtures.routingKit }
    )
    precondition(RouteFixture.urlCount == resolveConfiguration.scalingFactor.rawValue)

    for count in routeCounts {
        Benchmark("resolve routing-kit \(count)", configuration: resolveConfiguration) { benchmark in
            let side = Fixtures.routingKit[count]!
            let urls = Fixtures.bySize[count]!.urls
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(side.resolve(urls[index]) { name, value in blackHole(value) })
            }
        }
    }

    // Building a table: parse the patterns and freeze (Wayfinder) or register (routing-kit).
    for count in routeCounts {
        let buildConfiguration = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .microseconds,
            warmupIterations: 1,
            maxDuration: .seconds(3),
            maxIterations: count >= 100_000 ? 10 : 200,
            setup: { _ = Fixtures.bySize }
        )
        Benchmark("build routing-kit \(count)", configuration: buildConfiguration) { benchmark in
            let fixture = Fixtures.bySize[count]!
            benchmark.startMeasurement()
            blackHole(RoutingKitSide(fixture))
        }
    }
}
