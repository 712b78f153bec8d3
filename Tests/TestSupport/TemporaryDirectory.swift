import Foundation

/// A fresh folder under the system's temporary directory, for real files in tests (database files,
/// manifests, certificates), removed by ``remove()`` or at the end of ``with(prefix:_:)``.
public struct TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Makes a folder named `prefix-<UUID>`.
    public init(prefix: String = "wayfinder-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Runs `body` with a fresh folder and removes the folder afterwards, also when `body` throws.
    public static func with<R>(prefix: String = "wayfinder-tests", _ body: (TemporaryDirectory) async throws -> R)
        async throws -> R
    {
        let directory = try TemporaryDirectory(prefix: prefix)
        defer { directory.remove() }
        return try await body(directory)
    }
}
