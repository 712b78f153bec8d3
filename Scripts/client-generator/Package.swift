// swift-tools-version:6.1
import PackageDescription

// The OpenAPI generator's command line, pinned, for Scripts/generate-client alone. A package of its
// own so that neither the generator nor its dependencies (OpenAPIKit, Yams, ...) enter the graph of
// Wayfinder's users or the root package's `swift build` / `swift test`: WayfinderClient's
// generated code is committed.
let package = Package(
    name: "client-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
