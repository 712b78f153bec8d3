// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that ordo-one/benchmark and the comparison router
// (vapor/routing-kit) never enter the dependency graph of Wayfinder's users, nor the root
// package's `swift build` / `swift test`.
let package = Package(
    name: "wayfinder-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "wayfinder", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.0.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit.git", exact: "4.9.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        // What both sides of every benchmark share: the deterministic generator of tables and URLs.
        .target(name: "BenchmarkSupport", path: "Support"),
        // DeepLinkRouting's frozen route table against routing-kit's `TrieRouter`.
        .executableTarget(
            name: "RouterBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "DeepLinkRouting", package: "wayfinder"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/RouterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // AssociatedDomains' compiled AASA matcher against NSRegularExpression.
        .executableTarget(
            name: "AASABenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AssociatedDomains", package: "wayfinder"),
            ],
            path: "Benchmarks/AASABenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // GeoIP's MaxMind DB reader; PyPI's C-backed maxminddb is timed by Scripts/geoip-compare.
        .executableTarget(
            name: "GeoIPBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GeoIP", package: "wayfinder"),
            ],
            path: "Benchmarks/GeoIPBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
