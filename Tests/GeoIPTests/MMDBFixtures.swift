import Foundation
import TestSupport
import Testing

/// The MaxMind DB files of Tests/PythonSupport/make_mmdb_fixtures.py, made once per test run by
/// PyPI's `mmdb-writer` and held in memory (the folder they were written to is removed at once).
enum MMDBFixtures {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PythonSupport/make_mmdb_fixtures.py")

    /// Whether `python3` can import `mmdb_writer` (CI installs it: .ci/run).
    static let isAvailable: Bool = (try? python(["-c", "import mmdb_writer"])) != nil

    static let skipNote: Comment =
        "python3 with mmdb-writer is not installed; python3 -m pip install mmdb-writer to run these tests"

    /// File name → bytes.
    static let files: [String: [UInt8]] = {
        do {
            let directory = try TemporaryDirectory(prefix: "wayfinder-mmdb")
            defer { directory.remove() }
            try python([script.path, directory.url.path])
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            return try Dictionary(
                uniqueKeysWithValues: names.map { name in
                    (name, [UInt8](try Data(contentsOf: directory.url.appendingPathComponent(name))))
                })
        } catch {
            fatalError("could not make the MaxMind DB fixtures with \(script.path): \(error)")
        }
    }()

    static func bytes(_ name: String) -> [UInt8] {
        guard let bytes = files[name] else { fatalError("no fixture \(name); the script made \(files.keys.sorted())") }
        return bytes
    }

    struct PythonFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs python3 with `arguments`; throws when it cannot start or exits non-zero.
    @discardableResult
    static func python(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("python3", arguments, standardError: .standardOutput)
        let text = result.stdout
        guard result.status == 0 else {
            throw PythonFailed(description: "python3 \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
