import AssociatedDomains
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

/// One file size: the file and URLs, and both matchers compiled from it.
///
/// Both sides must give the same decision for every URL before anything is timed: a ratio
/// between matchers that answer different questions would mean nothing.
struct SizeFixture: @unchecked Sendable {  // NSRegularExpression is not Sendable everywhere; only read
    let fixture: AASAFixture
    let wayfinder: CompiledAASA
    let regex: RegexAASAMatcher

    init(_ fixture: AASAFixture) {
        self.fixture = fixture
        do {
            wayfinder = try CompiledAASA(json: fixture.json, domain: AASAFixture.domain)
        } catch {
            fatalError("The benchmark's AASA file does not compile: \(error)")
        }
        regex = RegexAASAMatcher(json: fixture.json, domain: AASAFixture.domain)!
        var counts: [String: Int] = [:]
        for url in fixture.urls {
            let wayfinderDecision = wayfinder.decide(appID: AASAFixture.appID, url: url).rawValue
            let regexDecision = regex.decide(appID: AASAFixture.appID, url: url).rawValue
            guard wayfinderDecision == regexDecision else {
                fatalError("The matchers disagree on \(url) with \(fixture.ruleCount) rules: Wayfinder \(wayfinderDecision), regex \(regexDecision)")
            }
            counts[wayfinderDecision, default: 0] += 1
        }
        print("\(fixture.ruleCount) rules (\(fixture.json.count) bytes): both matchers agree on all \(fixture.urls.count) URLs \(counts.sorted { $0.key < $1.key })")
    }
}

/// Each size is made the first time a benchmark needs it, outside the measurement (every
/// benchmark runs in its own process, so only the size it measures is made).
enum Fixtures {
    static let small = SizeFixture(AASAFixture(ruleCount: ruleCounts[0]))
    static let medium = SizeFixture(AASAFixture(ruleCount: ruleCounts[1]))
    static let large = SizeFixture(AASAFixture(ruleCount: ruleCounts[2]))
    /// The largest file of the fixture's shape within Apple's 128 KB limit.
    static let limit = AASAFixture(fillingBytes: 128 * 1024)

    static func of(_ count: Int) -> SizeFixture {
        switch count {
        case ruleCounts[0]: small
        case ruleCounts[1]: medium
        default: large
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    // One sample decides each of the fixture's 1,000 URLs once; `.kilo` makes the reported time
    // and malloc count per URL. The regular-expression side takes seconds per sample on the
    // largest file, so the larger files get more time to collect a few samples.
    precondition(AASAFixture.urlCount == BenchmarkScalingFactor.kilo.rawValue)
    for count in ruleCounts {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 1,
            scalingFactor: .kilo,
            maxDuration: .seconds(count >= 4_096 ? 30 : count >= 1_024 ? 10 : 5),
            maxIterations: 1_000,
            setup: { _ = Fixtures.of(count) }
        )
        Benchmark("decide \(count) wayfinder", configuration: configuration) { benchmark in
            let matcher = Fixtures.of(count).wayfinder
            let urls = Fixtures.of(count).fixture.urls
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(matcher.decide(appID: AASAFixture.appID, url: urls[index]))
            }
        }
        Benchmark("decide \(count) regex", configuration: configuration) { benchmark in
            let matcher = Fixtures.of(count).regex
            let urls = Fixtures.of(count).fixture.urls
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(matcher.decide(appID: AASAFixture.appID, url: urls[index]))
            }
        }
    }

    // Compiling a 128 KB file from its bytes: parse and compile (Wayfinder), parse and build
    // every regular expression (the comparison).
    let compileConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 100,
        setup: { _ = Fixtures.limit }
    )
    Benchmark("compile 128KB wayfinder", configuration: compileConfiguration) { benchmark in
        let json = Fixtures.limit.json
        benchmark.startMeasurement()
        blackHole(try? CompiledAASA(json: json, domain: AASAFixture.domain))
    }
    Benchmark("compile 128KB regex", configuration: compileConfiguration) { benchmark in
        let json = Fixtures.limit.json
        benchmark.startMeasurement()
        blackHole(RegexAASAMatcher(json: json, domain: AASAFixture.domain))
    }
}
