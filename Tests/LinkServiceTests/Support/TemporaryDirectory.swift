import Foundation

/// A fresh folder under the system's temporary directory, for real database files in tests.
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Runs `body` with a fresh folder and removes the folder afterwards, also when `body` throws.
    static func with<R>(_ body: (TemporaryDirectory) async throws -> R) async throws -> R {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        return try await body(directory)
    }
}
