import Foundation
import LinkCore

/// Where ClickHouse's HTTP interface is, and who to be there:
/// `http://[USER[:PASSWORD]@]HOST[:PORT]/?database=DB` (`https` too; port 8123 when none is
/// given, database `default` when none is named).
///
/// The user and password may come from the URL or be given apart (`WAYFINDER_CLICKHOUSE_USER`,
/// `WAYFINDER_CLICKHOUSE_PASSWORD`); the URL's win. ``description`` never shows the password.
public struct ClickHouseURL: Sendable, Hashable, CustomStringConvertible {
    /// `scheme://host:port/`, what every request goes to.
    public var endpoint: String
    /// The database the server's tables are in (created at start when missing).
    public var database: String
    public var user: String?
    public var password: String?

    /// Reads a URL; `user` and `password` apply when the URL names none.
    ///
    /// Throws `ClickHouseError/invalidURL(_:_:)` for anything but an `http`/`https` URL with a
    /// host, or a database name other than letters, digits and `_`.
    public init(parsing text: String, user: String? = nil, password: String? = nil) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else {
            throw ClickHouseError.invalidURL(text, "use http://HOST:8123/?database=NAME (or https://…)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ClickHouseError.invalidURL(text, "it names no host; use http://HOST:8123/?database=NAME")
        }
        let port = components.port ?? 8123
        let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        endpoint = "\(scheme)://\(hostText):\(port)/"
        database = components.queryItems?.first { $0.name == "database" }?.value ?? "default"
        guard !database.isEmpty,
            database.unicodeScalars.allSatisfy(Self.nameCharacters.contains)
        else {
            throw ClickHouseError.invalidURL(
                text, "the database name \"\(database)\" must be letters, digits and _ (for example wayfinder)")
        }
        let urlUser = components.user.flatMap { $0.isEmpty ? nil : $0 }
        self.user = urlUser ?? user
        self.password = urlUser != nil ? components.password : (components.password ?? password)
    }

    private static let nameCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

    /// The URL with the password hidden.
    public var description: String {
        let credentials = user.map { "\($0)\(password == nil ? "" : ":***")@" } ?? ""
        return endpoint.replacingOccurrences(of: "://", with: "://\(credentials)") + "?database=\(database)"
    }
}
