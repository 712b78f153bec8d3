import Foundation
import Hummingbird
import LinkCore

/// A submitted HTML form (`application/x-www-form-urlencoded`): names to values, the last value
/// of a name winning.
package struct ConsoleForm: Sendable {
    package private(set) var values: [String: String] = [:]

    package init() {}

    package init(encoded text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            values[name] = value
        }
    }

    /// Reads the request's body, at most `limit` bytes (`413` beyond).
    package static func read(_ request: Request, limit: Int) async throws -> ConsoleForm {
        let body = try await request.collectBody(upTo: limit)
        return ConsoleForm(encoded: String(buffer: body))
    }

    package subscript(name: String) -> String? { values[name] }

    /// The value, or `""` when the form had no such field.
    package func text(_ name: String) -> String { values[name] ?? "" }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
