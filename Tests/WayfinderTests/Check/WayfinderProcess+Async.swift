import Foundation

extension WayfinderProcess {
    /// Runs the binary on a thread of its own: waiting for it must not hold one of the few
    /// threads the in-process test server answers on.
    static func runDetached(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        let result = try await ChildProcess.runDetached(
            binary.path, arguments, environment: environment, directory: packageRoot.path,
            input: stdin.map { Array($0.utf8) })
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
