// swift-tools-version:6.1
import PackageDescription

// The framework's own ceiling for `Scripts/loadtest`: a Hummingbird application that answers every
// GET with the same `302`, nothing else. Its own package, so it never enters the dependency graph
// or the products of Wayfinder; the Hummingbird version is the one Wayfinder resolves today.
let package = Package(
    name: "bare-hummingbird",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1")
    ],
    targets: [
        .executableTarget(
            name: "BareRedirect",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        )
    ]
)
