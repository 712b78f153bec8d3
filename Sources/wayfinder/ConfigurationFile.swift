import DeepLinkRouting
import Foundation
import LinkService
import Yams

/// The `--config FILE` of `serve` and `keys`: one JSON object or YAML mapping whose keys are the
/// documented environment variables' names (`{"WAYFINDER_PORT": 9000, "WAYFINDER_MANIFEST":
/// ["a.json"]}`, or `WAYFINDER_PORT: 9000` in a `.yaml`/`.yml` file).
/// Its values come after the flags and the environment: a variable set in both wins over the file.
struct ConfigurationFile {
    let path: String
    /// The file's values as the environment would spell them (arrays joined with `,`).
    let values: [String: String]

    /// Reads `path`; an unreadable file, a value that is not text, a number, a boolean or a list
    /// of those, and a key that is not documented are errors that say what would be right.
    init(path: String) throws(ConfigurationFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationFileError(
                "\(path): cannot read the configuration file: no such file, or it is not readable")
        }
        guard let entries = Self.entries(of: data, path: path) else {
            throw ConfigurationFileError(
                "\(path): not a JSON object (or, in a .yaml or .yml file, a YAML mapping); write "
                    + "{\"WAYFINDER_PORT\": 8080, …} with the names `wayfinder serve --help` lists")
        }
        let known = Set(LinkServiceConfiguration.documentedKeys.map(\.environment))
        var values: [String: String] = [:]
        for (key, text) in entries {
            guard known.contains(key) else {
                let hint = Self.suggestion(for: key).map { "; did you mean \"\($0)\"?" } ?? ""
                throw ConfigurationFileError(
                    "\(path): unknown key \"\(key)\"\(hint) (`wayfinder serve --help` lists every key)")
            }
            guard let text else {
                throw ConfigurationFileError(
                    "\(path): \(key) must be text, a number, true or false, or a list of those")
            }
            values[key] = text
        }
        self.path = path
        self.values = values
    }

    /// The file's keys with their values as text (`nil` for a value that has none), or `nil`
    /// when the file is not one object or mapping.
    private static func entries(of data: Data, path: String) -> [(String, String?)]? {
        if path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            guard let yaml = String(data: data, encoding: .utf8),
                let mapping = (try? Yams.compose(yaml: yaml))?.mapping
            else { return nil }
            return mapping.map { key, value in (key.string ?? "", text(of: value)) }
        }
        guard let members = (try? JSONParser().parse(Array(data)))?.objectValue else { return nil }
        return members.map { ($0.key, text(of: $0.value)) }
    }

    private static func text(of node: Yams.Node) -> String? {
        switch node {
        case .scalar(let scalar): return scalar.string
        case .sequence(let items):
            let texts = items.compactMap { text(of: $0) }
            return texts.count == items.count ? texts.joined(separator: ",") : nil
        case .mapping, .alias: return nil
        }
    }

    private static func text(of node: JSONNode) -> String? {
        switch node.value {
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array(let items):
            let texts = items.compactMap { text(of: $0) }
            return texts.count == items.count ? texts.joined(separator: ",") : nil
        case .null, .object: return nil
        }
    }

    /// The documented key nearest to `key` (its dotted form, any case, or at most a third of its
    /// letters away), or `nil`.
    static func suggestion(for key: String) -> String? {
        let keys = LinkServiceConfiguration.documentedKeys
        if let match = keys.first(where: { $0.key.lowercased() == key.lowercased() }) { return match.environment }
        let upper = key.uppercased()
        let scored = keys.map { ($0.environment, editDistance(upper, $0.environment)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, upper.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A `--config` file that cannot be used.
struct ConfigurationFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
