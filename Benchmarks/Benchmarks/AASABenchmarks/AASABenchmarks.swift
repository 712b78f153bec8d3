import Benchmark
import Foundation

// AASA: deciding URLs for an app against apple-app-site-association files of 16, 1,024 and
// 4,096 rules, AssociatedDomains' compiled matcher against a matcher that translates every
// pattern to `NSRegularExpression`; and compiling a file of 128 KB, Apple's size limit.
// `Scripts/benchmark-ratios` turns the results into the published ratios.
//
// Names are "<what> <rules> <side>": the ratio script pairs the sides by name, and since
// benchmarks run in the order of their names, the two sides of a pair run one right after the
// other, under the same load from whatever else the machine is doing.

/// The file sizes measured, in rules.
let ruleCounts = [16, 1_024, 4_096]

/// Files, URLs and compiled matchers are made once per size, outside every measurement.
enum Fixtures {
    static let bySize: [Int: AASAFixture] = Dictionary(
        uniqueKeysWithValues: ruleCounts.map { ($0, AASAFixture(ruleCount: $0)) }
    )
    static let largest = AASAFixture(fillingBytes: 128 * 1024)
    // NSRegularExpression is not `Sendable` on every platform; the matchers are only read, and
    // the benchmarks run one at a time.
    nonisolated(unsafe) static let regex: [Int: RegexAASAMatcher] = bySize.mapValues { fixture in
        RegexAASAMatcher(json: fixture.json, domain: AASAFixture.domain)!
    }
}

let benchmarks: @Sendable () -> Void = {
    // One sample decides each of the fixture's 1,000 URLs once; `.kilo` makes the reported time
    // per URL. The regular-expression side takes seconds per sample on the largest file, so the
    // larger files get more time to collect a few samples.
    func decideConfiguration(_ count: Int) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 1,
            scalingFactor: .kilo,
            maxDuration: .seconds(count >= 4_096 ? 30 : count >= 1_024 ? 10 : 5),
            maxIterations: 1_000,
            setup: { _ = Fixtures.regex }
        )
    }
    precondition(AASAFixture.urlCount == BenchmarkScalingFactor.kilo.rawValue)

    for count in ruleCounts {
        Benchmark("decide \(count) regex", configuration: decideConfiguration(count)) { benchmark in
            let matcher = Fixtures.regex[count]!
            let urls = Fixtures.bySize[count]!.urls
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(matcher.decide(appID: AASAFixture.appID, url: urls[index]))
            }
        }
    }

    let compileConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 100,
        setup: { _ = Fixtures.largest }
    )
    Benchmark("compile 128KB regex", configuration: compileConfiguration) { benchmark in
        let json = Fixtures.largest.json
        benchmark.startMeasurement()
        blackHole(RegexAASAMatcher(json: json, domain: AASAFixture.domain))
    }
}
