import DeepLinkRouting
import Foundation
import LinkService
import Testing

/// The import fixtures in `Tests/Fixtures/Import` (see the README there): per source a file whose
/// rows all import and a bad-row variant, for the Acme manifest of the Firebase fixtures.
struct ImportFixture: Sendable, CustomTestStringConvertible {
    static let directory = TestService.packageRoot.appendingPathComponent("Tests/Fixtures/Import")

    var source: String
    var file: String
    var badFile: String
    /// Rows of `file` (all import).
    var rows: Int
    /// Lines of `badFile` that fail; its other rows import.
    var badLines: [Int]
    /// Click totals `file` carries.
    var clicks: Int

    var format: any ImportFormat { ImportSources.format(named: source)! }
    var path: String { Self.directory.appendingPathComponent(file).path }
    var badPath: String { Self.directory.appendingPathComponent(badFile).path }
    var testDescription: String { source }

    static let all = [
        ImportFixture(
            source: "branch", file: "branch.csv", badFile: "branch-bad-rows.csv", rows: 2, badLines: [3, 4, 5],
            clicks: 0),
        ImportFixture(
            source: "shlink", file: "shlink.csv", badFile: "shlink-bad-rows.csv", rows: 2, badLines: [3, 4, 5],
            clicks: 0),
        ImportFixture(
            source: "bitly", file: "bitly.csv", badFile: "bitly-bad-rows.csv", rows: 2, badLines: [3, 4], clicks: 49),
        ImportFixture(
            source: "yourls", file: "yourls.csv", badFile: "yourls-bad-rows.csv", rows: 2, badLines: [3, 4, 5],
            clicks: 128),
        ImportFixture(
            source: "kutt", file: "kutt.json", badFile: "kutt-bad-rows.json", rows: 2, badLines: [], clicks: 31),
        ImportFixture(
            source: "csv", file: "wayfinder.csv", badFile: "wayfinder-bad-rows.csv", rows: 2, badLines: [3, 4],
            clicks: 12
        ),
    ]
}
