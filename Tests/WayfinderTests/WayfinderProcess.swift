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

    /// Runs `wayfinder arguments…` in the package root, feeding `stdin`.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil) throws -> Result
    {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Whatever throws below, the child does not outlive the test: stopped if still running,
        // and waited for.
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Drain stderr on another thread while stdout is read here, so that a large output on
        // either pipe cannot fill it and stall the child.
        let errorData = ErrorBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.data = (try? err.fileHandleForReading.readToEnd()) ?? Data()
            group.leave()
        }
        let outText = String(decoding: (try? out.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
        group.wait()
        let errText = String(decoding: errorData.data, as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: outText, stderr: errText)
    }
}

private final class ErrorBox: @unchecked Sendable {
    // Written by one thread before `group.leave()`, read after `group.wait()`.
    var data = Data()
}
