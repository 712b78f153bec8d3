import Foundation
import LinkService

/// `wayfinder serve --print-config`: every documented setting, the value in force and where it
/// came from (a flag, the environment, the `--config` file, or the built-in default), with
/// secrets hidden.
struct ConfigurationReport {
    let flags: [String: String]
    let environment: [String: String]
    let file: ConfigurationFile?
    /// The value in force of each key (``LinkServiceConfiguration/effectiveValues``).
    let effective: [String: String]

    /// One line per key: `NAME=VALUE  (source)`; a key set nowhere reads `NAME=VALUE  (default)`,
    /// or `NAME  (default: none)` when it has no value (no GeoIP file, no ClickHouse).
    var lines: [String] {
        LinkServiceConfiguration.documentedKeys.map { entry in
            let name = entry.environment
            let found: (value: String, source: String)? =
                if let value = flags[name] { (value, "flag") } else if let value = environment[name] {
                    (value, "environment")
                } else if let file, let value = file.values[name] { (value, "config file \(file.path)") } else { nil }
            guard let found else {
                guard let value = effective[name] else { return "\(name)  (default: none)" }
                return "\(name)=\(Self.redacted(value, name: name))  (default)"
            }
            return "\(name)=\(Self.redacted(found.value, name: name))  (\(found.source))"
        }
    }

    /// `value` with its secrets replaced by `***`: the password of a URL, and the whole value of a
    /// key named for a secret.
    static func redacted(_ value: String, name: String) -> String {
        if ["PASSWORD", "SECRET", "TOKEN"].contains(where: { name.contains($0) }) { return "***" }
        guard let scheme = value.range(of: "://"), let at = value[scheme.upperBound...].firstIndex(of: "@")
        else { return value }
        let userInfo = value[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return value }
        return String(value[..<value.index(after: colon)]) + "***" + String(value[at...])
    }
}
