import LinkCore

/// A parsed `--database` value: `sqlite:PATH` (also `sqlite://PATH`), `postgres://…`, or
/// `memory:` (kept in the process's memory, for tests and demos: nothing survives a restart).
public enum DatabaseURL: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(String)
    case memory

    /// The default: an SQLite file in the working directory.
    public static let defaultValue = DatabaseURL.sqlite(path: "./wayfinder.sqlite")

    public init(parsing text: String) throws(LinkStoreError) {
        if text.hasPrefix("sqlite://") {
            let path = String(text.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw .unsupportedDatabaseURL(text) }
            self = .sqlite(path: path)
        } else if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw .unsupportedDatabaseURL(text) }
            self = .sqlite(path: path)
        } else if text == "memory:" {
            self = .memory
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            _ = try PostgresConnectionURL(parsing: text)
            self = .postgres(text)
        } else {
            throw .unsupportedDatabaseURL(text)
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): PostgresConnectionURL.redacting(url)
        case .memory: "memory:"
        }
    }
}
