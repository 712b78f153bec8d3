// swift-tools-version:6.1
import Foundation
import PackageDescription

// No warnings from our own code: CI (.ci/run) sets WAYFINDER_WARNINGS_AS_ERRORS=1, which makes a
// warning an error in every target declared here (they all take `swiftSettings`) and in none of
// the dependencies (`swift build -Xswiftc -warnings-as-errors` would reach those too, whose
// warnings are not ours to fix).
let warningsAsErrors = ProcessInfo.processInfo.environment["WAYFINDER_WARNINGS_AS_ERRORS"] == "1"

// Upcoming features we opt into everywhere: `any` spelled out and imports that are explicit about
// what they re-export keep the module boundaries (README, "Module tour") visible in the code.
let swiftSettings: [SwiftSetting] =
    [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ] + (warningsAsErrors ? [.unsafeFlags(["-warnings-as-errors"])] : [])

// Fuzzing (Documentation/Fuzzing.md): with WAYFINDER_FUZZ=1 our own modules are built with
// libFuzzer's coverage instrumentation and AddressSanitizer, and the `WayfinderFuzz` executable is
// declared. The dependencies keep their ordinary build, so a fuzz build reuses them.
// WAYFINDER_FUZZ_OPTIMIZE=1 also optimizes our modules (the parsers under test are ours): release
// speed for long runs without a release build of every dependency.
let fuzzing = ProcessInfo.processInfo.environment["WAYFINDER_FUZZ"] == "1"
let fuzzOptimized = ProcessInfo.processInfo.environment["WAYFINDER_FUZZ_OPTIMIZE"] == "1"
let sanitizerFlags = ["-sanitize=fuzzer,address"]
let fuzzFlags = sanitizerFlags + (fuzzOptimized ? ["-O"] : [])
let ownSwiftSettings = swiftSettings + (fuzzing ? [SwiftSetting.unsafeFlags(fuzzFlags)] : [])

let package = Package(
    name: "wayfinder",
    platforms: [.macOS(.v15), .iOS(.v17), .tvOS(.v17), .visionOS(.v1)],
    products: [
        .library(name: "DeepLinkRouting", targets: ["DeepLinkRouting"]),
        .library(name: "WayfinderClient", targets: ["WayfinderClient"]),
        .library(name: "AssociatedDomains", targets: ["AssociatedDomains"]),
        .library(name: "QRCode", targets: ["QRCode"]),
        // A product only so that the benchmarks package (Benchmarks/) can measure the reader.
        .library(name: "GeoIP", targets: ["GeoIP"]),
        .library(name: "LinkService", targets: ["LinkService"]),
        .executable(name: "wayfinder", targets: ["wayfinder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.15.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.30.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.16.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.25.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.25.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.10.0"),
        // OpenID Connect sign-in: ID tokens verified against the provider's JWKS.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.0.0"),
        // `--config FILE` in YAML (swift-configuration's own YAML support uses the same library).
        .package(url: "https://github.com/jpsim/Yams.git", "5.4.0"..<"7.0.0"),
        // WayfinderClient: the generated client's runtime and its URLSession transport. Not the
        // generator: Scripts/generate-client runs it and the generated code is committed, so an app
        // that adds the package builds neither the generator nor a plugin.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // Builds the DocC catalogs (Scripts/docs): a command plugin, resolved but never linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The in-app router and the app manifest. Foundation only: an iOS app embeds it.
        .target(
            name: "DeepLinkRouting",
            swiftSettings: ownSwiftSettings
        ),
        // The app's client of the link service (create, resolve, claim, events): generated from the
        // OpenAPI document (Generated/, by Scripts/generate-client) under a small hand-written API.
        // Beside DeepLinkRouting, never needed to route; no server module.
        .target(
            name: "WayfinderClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["openapi-generator-config.yaml"],
            swiftSettings: swiftSettings
        ),
        // apple-app-site-association and assetlinks.json: model, matcher, validator, generator, signing.
        .target(
            name: "AssociatedDomains",
            dependencies: [
                "DeepLinkRouting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: ownSwiftSettings
        ),
        // QR code encoder (ISO/IEC 18004, byte mode) with SVG and PNG output. No imports at all.
        .target(
            name: "QRCode",
            swiftSettings: swiftSettings
        ),
        // MaxMind DB reader (GeoLite2, GeoIP2): IP address -> record or country code. Foundation only;
        // outside input, so it is built for fuzzing like the parsers of the modules above.
        .target(
            name: "GeoIP",
            swiftSettings: ownSwiftSettings
        ),
        // A stub DNS resolver over SwiftNIO (UDP, TCP on truncation, aliases) for domain
        // verification: no DNS client is among the packages the build may use. Its message
        // reader reads network input, so it is built for fuzzing too.
        .target(
            name: "DNSClient",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: ownSwiftSettings
        ),
        // The link service's domain: links, tenants, rules, the planner, client info, claim tokens,
        // webhook payloads and link JSON, the store's record protocols. No HTTP, no database driver.
        .target(
            name: "LinkCore",
            dependencies: [
                "DeepLinkRouting",
                "AssociatedDomains",
                // `IPAddress` and `IPNetwork`: the one address type, for rules, webhooks and clients.
                "GeoIP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: ownSwiftSettings
        ),
        // Where links live: the SQL core with its SQLite and PostgreSQL dialects, the memory store
        // and the caching wrapper. No HTTP.
        .target(
            name: "LinkStorage",
            dependencies: [
                "LinkCore",
                "DeepLinkRouting",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: ownSwiftSettings
        ),
        // What leaves the server later: the outbox's consumers (webhooks, ClickHouse), the click
        // buffer and its flusher. Sees LinkCore's record protocols, never SQL or a database driver.
        .target(
            name: "LinkDelivery",
            dependencies: [
                "LinkCore",
                "DeepLinkRouting",
                "GeoIP",
                // Webhook deliveries and ClickHouse's HTTP interface (no ClickHouse client library is
                // on the machine list).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: ownSwiftSettings
        ),
        // The link service's HTTP side (Hummingbird): server, API, redirects, console and pages,
        // import, configuration. `LinkServer` is the composition root.
        .target(
            name: "LinkService",
            dependencies: [
                "DNSClient",
                "LinkCore",
                "LinkStorage",
                "LinkDelivery",
                "DeepLinkRouting",
                "AssociatedDomains",
                "QRCode",
                "GeoIP",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The HTTP/1 channel, wrapped with the server's connection guards.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // SIGHUP reloads the manifests.
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // OpenID Connect: the provider's ID tokens and its JWKS.
                .product(name: "JWTKit", package: "jwt-kit"),
                // Fetches domains' association files for their health checks (and `wayfinder check`),
                // and the OpenID provider's discovery document, token endpoint and JWKS.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            // Compiled in: `GET /api/v1/openapi.json` serves the OpenAPI document's bytes, and the
            // pages are drawn from the template, style and script files (no file is read at run
            // time, so `swift run` and an installed binary behave the same).
            resources: [.embedInCode("OpenAPI/openapi.json"), .embedInCode("Templates/Resources")],
            swiftSettings: ownSwiftSettings
        ),
        // The command line: parses flags and calls the modules above.
        .executableTarget(
            name: "wayfinder",
            dependencies: [
                "DeepLinkRouting",
                "AssociatedDomains",
                "LinkCore",
                "LinkStorage",
                "LinkService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        // Helpers more than one test target uses (not a test target itself: nothing to run).
        .target(
            name: "TestSupport",
            dependencies: ["DNSClient"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        // The GeoIP reader's country lookup as a process (stdin -> stdout), for Scripts/geoip-compare.
        .executableTarget(
            name: "GeoIPLookup",
            dependencies: ["GeoIP"],
            path: "Tests/GeoIPLookup",
            swiftSettings: swiftSettings
        ),
        // Reads small databases that PyPI's mmdb-writer makes at test time (Tests/PythonSupport).
        .testTarget(
            name: "DNSClientTests",
            dependencies: ["DNSClient", "TestSupport", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GeoIPTests",
            dependencies: ["GeoIP", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DeepLinkRoutingTests",
            dependencies: ["DeepLinkRouting"],
            swiftSettings: swiftSettings
        ),
        // The client against a live link service on loopback, over URLSession.
        .testTarget(
            name: "WayfinderClientTests",
            dependencies: [
                "WayfinderClient",
                "DeepLinkRouting",
                "LinkCore",
                "LinkService",
                "LinkServiceTesting",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AssociatedDomainsTests",
            dependencies: [
                "AssociatedDomains",
                "DeepLinkRouting",
                "TestSupport",
                // Signed files for the live check's tests are made with a throwaway certificate.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        // Checks the encoder against the standard's worked examples and a real decoder (zbarimg).
        .testTarget(
            name: "QRCodeTests",
            dependencies: ["QRCode", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        // What the link service's tests share: a service on a test store (TestService), a console
        // browser, live clients, the PostgreSQL and ClickHouse test databases, a manual clock.
        .target(
            name: "LinkServiceTesting",
            dependencies: [
                "LinkCore",
                "LinkStorage",
                "LinkDelivery",
                "LinkService",
                "DeepLinkRouting",
                "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/LinkServiceTesting",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinkServiceTests",
            dependencies: [
                "LinkCore",
                "LinkStorage",
                "LinkDelivery",
                "LinkService",
                "AssociatedDomains",
                "DeepLinkRouting",
                "LinkServiceTesting",
                "GeoIP",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // Stats migration tests turn a database back into an older schema's.
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The connection handlers' deadlines run on an event loop whose time the test moves.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                // The page template tests render with the engine directly.
                .product(name: "Mustache", package: "swift-mustache"),
                // The webhook tests drive the delivery worker's client and check its signatures.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The sign-in tests sign ID tokens with keys of their own (a second key, a wrong
                // audience) that the provider would not sign.
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        // Runs the built `wayfinder` binary: help text, output and exit codes are interface.
        .testTarget(
            name: "WayfinderTests",
            dependencies: [
                "wayfinder",
                "TestSupport",
                // The help test checks `serve --help` against the documented configuration keys.
                "LinkService",
                // The keys tests read the audit log the commands write.
                "LinkCore", "LinkStorage",
                // `wayfinder check` is tested against real HTTPS servers on loopback with a
                // throwaway CA made in the test.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                // The fault tests drive a `wayfinder serve` process over HTTP on loopback.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)

if fuzzing {
    // One executable for every fuzz target (picked by WAYFINDER_FUZZ_TARGET): libFuzzer supplies
    // `main`, the target defines `LLVMFuzzerTestOneInput`.
    package.targets.append(
        .executableTarget(
            name: "WayfinderFuzz",
            dependencies: ["DeepLinkRouting", "AssociatedDomains", "LinkCore", "LinkService", "GeoIP", "DNSClient"],
            path: "Fuzz/Sources/WayfinderFuzz",
            swiftSettings: swiftSettings + [.unsafeFlags(fuzzFlags + ["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(sanitizerFlags)]
        )
    )
}
