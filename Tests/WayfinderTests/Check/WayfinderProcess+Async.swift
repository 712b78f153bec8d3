import Foundation

extension WayfinderProcess {
    /// Runs the binary on a thread of its own: waiting for it must not hold one of the few
    /// threads the in-process test server answers on.
    static func runDetached(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try run(arguments, stdin: stdin, environment: environment) })
            }
        }
    }
}
