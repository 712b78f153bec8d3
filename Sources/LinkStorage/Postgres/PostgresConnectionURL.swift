import DeepLinkRouting
import Foundation
import LinkCore
import NIOSSL
import PostgresNIO

/// A parsed `postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE&schema=NAME` URL.
///
/// `postgresql://` is accepted too; user and password may be percent-encoded. `sslmode` follows
/// libpq: `disable`, `prefer` (the default: TLS when the server offers it), `require` (TLS,
/// certificate not checked), `verify-full` (TLS, certificate and host name checked). `schema`
/// puts Wayfinder's tables in that schema (created when missing) instead of `public`, so one
/// database can hold several deployments. Unknown query items are an error, so a typo does not
/// silently weaken TLS.
package struct PostgresConnectionURL: Sendable, Hashable, CustomStringConvertible {
    package enum TLSMode: String, Sendable, Hashable, CaseIterable {
        case disable
        case prefer
        case require
        case verifyFull = "verify-full"
    }

    package var host: String
    package var port: Int
    package var username: String
    package var password: String?
    package var database: String
    package var tlsMode: TLSMode
    /// The schema of the tables; `public` unless the URL names one.
    package var schema: String

    package init(parsing text: String) throws(LinkStoreError) {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://"),
            let url = SplitURL(text), url.hasValidAuthority
        else {
            throw .unsupportedDatabaseURL(Self.redacting(text))
        }
        func invalid(_ why: String) -> LinkStoreError {
            .invalidDatabaseURL(Self.redacting(text), why)
        }
        func decoded(_ part: String) -> String { PercentDecoding.decode(part) ?? part }
        guard let host = url.host.map(decoded), !host.isEmpty else {
            throw invalid("it names no host; write postgres://USER@HOST:PORT/DATABASE")
        }
        guard let username = url.user.map(decoded), !username.isEmpty else {
            throw invalid("it names no user; write postgres://USER@HOST:PORT/DATABASE")
        }
        let database = String(decoded(url.path).drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw invalid("it names no database; write postgres://USER@HOST:PORT/DATABASE")
        }
        self.host = host
        self.port = url.portNumber ?? 5432
        self.username = username
        self.password = url.password.map(decoded)
        self.database = database.removingPercentEncoding ?? database
        self.tlsMode = .prefer
        self.schema = "public"
        let query = url.query ?? ""
        let items = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
        for item in items {
            let name = decoded(String(item.prefix { $0 != "=" }))
            let value = decoded(String(item.drop { $0 != "=" }.dropFirst()))
            switch name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw invalid(
                        "sslmode \"\(value)\" is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                tlsMode = mode
            case "schema":
                guard Self.isPlainIdentifier(value) else {
                    throw invalid(
                        "schema \"\(value)\" is not a plain name: 1 to 63 of a-z, 0-9 and \"_\", not starting with a digit"
                    )
                }
                schema = value
            default:
                throw invalid("unknown option \"\(name)\"; the options are sslmode and schema")
            }
        }
    }

    /// `a-z`, `0-9`, `_`, not starting with a digit, at most 63 bytes: a name PostgreSQL keeps as
    /// written, safe to put in SQL unquoted.
    package static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 63,
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// The URL without its password: what logs and error messages show.
    package var description: String {
        var text = "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
        var options: [String] = []
        if tlsMode != .prefer { options.append("sslmode=\(tlsMode.rawValue)") }
        if schema != "public" { options.append("schema=\(schema)") }
        if !options.isEmpty { text += "?" + options.joined(separator: "&") }
        return text
    }

    /// `text` with the password replaced by `***`, for URLs that may not parse.
    package static func redacting(_ text: String) -> String {
        guard let url = SplitURL(text), let userInfo = url.userInfo, let user = url.user, url.password != nil else {
            return text
        }
        // The user info starts right after `scheme://`.
        let rest = text.utf8.dropFirst(url.scheme.utf8.count + 3 + userInfo.utf8.count)
        return "\(url.scheme)://\(user):***" + String(decoding: rest, as: UTF8.self)
    }

    /// The configuration of a connection pool: every connection's `search_path` is the schema.
    package func clientConfiguration() -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch tlsMode {
            case .disable: .disable
            case .prefer: .prefer(Self.tlsConfiguration(verifying: false))
            case .require: .require(Self.tlsConfiguration(verifying: false))
            case .verifyFull: .require(Self.tlsConfiguration(verifying: true))
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters = [("search_path", schema)]
        return configuration
    }

    /// The configuration of a single connection, as ``clientConfiguration()`` makes them.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch tlsMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration(verifying: false)))
            case .require: .require(try NIOSSLContext(configuration: Self.tlsConfiguration(verifying: false)))
            case .verifyFull: .require(try NIOSSLContext(configuration: Self.tlsConfiguration(verifying: true)))
            }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters = [("search_path", schema)]
        return configuration
    }

    /// libpq's `prefer` and `require` encrypt without checking the certificate; `verify-full` checks it.
    private static func tlsConfiguration(verifying: Bool) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !verifying { configuration.certificateVerification = .none }
        return configuration
    }
}
