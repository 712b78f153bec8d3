import Benchmark
import Foundation
import GeoIP

// GeoIP: a country lookup in GeoLite2-City (the file PyPI's maxminddb-geolite2 ships), 1,000
// addresses per sample, each lookup reported on its own (`.kilo`). The comparison, PyPI's
// C-backed `maxminddb` reader on the same file and addresses, runs in Python:
// `Scripts/benchmark-ratios` runs `Scripts/geoip-compare --prepare`, which times it and writes
// the addresses, then runs these with WAYFINDER_GEOIP_DATABASE and WAYFINDER_GEOIP_ADDRESSES set.
// Without them there is nothing to measure and no benchmark is registered.
//
//   country-code parsed wayfinder   countryCode(for: IPAddress), the address parsed beforehand
//   country-code text wayfinder     countryCode(for: String): parse and look up, what a request does
//   record wayfinder                lookup(_:): the whole record decoded (what maxminddb's get does)

struct GeoIPFixture: Sendable {
    let database: MaxMindDatabase
    let texts: [String]
    let addresses: [IPAddress]

    static let shared: GeoIPFixture? = {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["WAYFINDER_GEOIP_DATABASE"], let list = environment["WAYFINDER_GEOIP_ADDRESSES"]
        else { return nil }
        do {
            let database = try MaxMindDatabase(contentsOf: URL(fileURLWithPath: path))
            let texts = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
            let addresses = texts.compactMap { IPAddress($0) }
            guard addresses.count == BenchmarkScalingFactor.kilo.rawValue, texts.count == addresses.count else {
                fatalError(
                    "\(list) must hold exactly 1,000 addresses; it has \(texts.count), \(addresses.count) readable")
            }
            return GeoIPFixture(database: database, texts: texts, addresses: addresses)
        } catch {
            fatalError("cannot read the benchmark's GeoIP inputs: \(error)")
        }
    }()
}

let benchmarks: @Sendable () -> Void = {
    guard GeoIPFixture.shared != nil else {
        print(
            "GeoIP benchmarks skipped: set WAYFINDER_GEOIP_DATABASE and WAYFINDER_GEOIP_ADDRESSES (Scripts/benchmark-ratios does)"
        )
        return
    }
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: .seconds(5),
        maxIterations: 10_000
    )
    Benchmark("country-code parsed wayfinder", configuration: configuration) { benchmark in
        let fixture = GeoIPFixture.shared!
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(fixture.database.countryCode(for: fixture.addresses[index]))
        }
    }
    Benchmark("country-code text wayfinder", configuration: configuration) { benchmark in
        let fixture = GeoIPFixture.shared!
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(fixture.database.countryCode(for: fixture.texts[index]))
        }
    }
    Benchmark("record wayfinder", configuration: configuration) { benchmark in
        let fixture = GeoIPFixture.shared!
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try? fixture.database.lookup(fixture.addresses[index]))
        }
    }
}
