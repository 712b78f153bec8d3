import Foundation

/// Runs the built `wayfinder` binary and captures what a user would see.
struct WayfinderProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package's root folder (for `Examples/`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary sits next to the test bundle in the build products folder.
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent("wayfinder")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        // Swift Testing's runner may live elsewhere: fall back to the test executable's folder.
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "wayfinder")
    }

    /// Runs `wayfinder arguments…` in the package root, feeding `stdin`, on a thread of its own:
    /// waiting for it must not hold one of the few threads the in-process test server answers on.
    static func runDetached(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        let result = try await ChildProcess.runDetached(
            binary.path, arguments, environment: environment, directory: packageRoot.path,
            input: stdin.map { Array($0.utf8) })
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
