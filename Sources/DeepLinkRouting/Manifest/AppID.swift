/// An Apple application identifier: `<team ID>.<bundle ID>`, as in `ABCDE12345.com.example.app`.
public struct AppID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Ten upper-case letters or digits.
    public let teamID: String
    /// The bundle ID, such as `com.example.app`.
    public let bundleID: String

    /// Parses `<10 upper-case letters or digits>.<bundle ID>`; `nil` for anything else.
    public init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 11, scalars[10] == "." else { return nil }
        let team = scalars[0..<10]
        guard team.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else { return nil }
        let bundle = String(String.UnicodeScalarView(scalars[11...]))
        guard AppID.isValidBundleID(bundle) else { return nil }
        self.teamID = String(String.UnicodeScalarView(team))
        self.bundleID = bundle
    }

    /// A bundle ID is dot-separated parts of letters, digits and `-` (and `*` as the whole last
    /// part, which AASA files do not use but entitlements can).
    public static func isValidBundleID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-" }
            }
    }

    /// `<team ID>.<bundle ID>`, as written in entitlements and AASA files.
    public var description: String { "\(teamID).\(bundleID)" }

    /// Orders app IDs by their text, so generated files list them in a stable order.
    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.description < rhs.description }
}
