import DeepLinkRouting
import Foundation

/// Realistic documents the targets that fuzz one input against a fixed configuration use: the
/// example manifest of the repository (the most routes and parameter types of the three).
enum Fixtures {
    static let manifestURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/storyteller.json")

    static let manifest: Manifest = {
        do {
            return try Manifest(contentsOf: manifestURL)
        } catch {
            fatalError("cannot read the fixture manifest \(manifestURL.path): \(error)")
        }
    }()

    static let routes: RouteTable = {
        do {
            return try RouteTable(manifest: manifest)
        } catch {
            fatalError("the fixture manifest has no route table: \(error)")
        }
    }()

    /// URLs every decide call also tries, so a fuzzed file meets links of every shape.
    static let sampleURLs = [
        "https://stories.example.com/", "https://stories.example.com/stories/42",
        "https://stories.example.com/a/b/c?q=1#f",
        "https://STORIES.example.com/%E2%82%AC/x?x=%zz", "https://stories.example.com/help/*",
        "http://stories.example.com/stories/",
    ]
}
