import DeepLinkRouting
import Foundation

/// The Firebase migration fixtures in `Tests/Fixtures/Firebase`: the Acme manifest (a link path
/// prefix, a route with a web page and a scheme link) and an FDL export with good and bad rows.
enum FirebaseFixture {
    static let directory = TestService.packageRoot.appendingPathComponent("Tests/Fixtures/Firebase")

    static func manifest() throws -> Manifest {
        try Manifest(contentsOf: directory.appendingPathComponent("acme.json"))
    }

    static func export() throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent("export.csv")))
    }

    /// Expected failures of `export.csv`: line → the start of the reason.
    static let failures: [(line: Int, reason: String)] = [
        (
            5,
            "short_link \"https://acme.page.link/old\" is on acme.page.link, which is not a domain of acme (Google's page.link domains cannot move"
        ),
        (6, "link: \"https://evil.example/phish\" is neither a deep link of acme nor a page of its website"),
        (7, "link: \"https://acme.example/nowhere/9\" resolves to no route of acme"),
        (9, "ifl: \"https://evil.example/ios\" is not an allowed fallback"),
    ]
}
