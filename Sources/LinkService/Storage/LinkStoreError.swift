/// Why a store refused a request or could not be opened.
///
/// Match on ``code`` (`catch let error as LinkStoreError where error.code == .unavailable`); the
/// set of codes may grow without breaking a `switch`. ``description`` says what to do.
public struct LinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case invalidCursor(String)
        case unsupportedDatabaseURL(String)
        case schemaTooNew(found: Int, known: Int)
        case database(String)
        case invalidDatabaseURL(String, String)
        case unavailable(String)
        case storageFull(String)
        case unreadableValue(table: String, column: String, key: String)
    }

    /// A stable kind of store error, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// A list cursor this store did not hand out.
        public static let invalidCursor = Code("invalid-cursor")
        /// A database URL that names no supported store.
        public static let unsupportedDatabaseURL = Code("unsupported-database-url")
        /// The database holds a schema newer than this build knows.
        public static let schemaTooNew = Code("schema-too-new")
        /// The database said no.
        public static let database = Code("database-error")
        /// A database URL of a supported kind with a part that is wrong.
        public static let invalidDatabaseURL = Code("invalid-database-url")
        /// The database cannot be reached or did not answer in time; the call may be retried.
        public static let unavailable = Code("database-unavailable")
        /// The disk under the database is full; the call may be retried once space is freed.
        public static let storageFull = Code("storage-full")
        /// A stored value is not what this build writes in its column (changed outside wayfinder,
        /// or damaged).
        public static let unreadableValue = Code("unreadable-value")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// A list cursor this store did not hand out.
    public static func invalidCursor(_ cursor: String) -> Self { Self(.invalidCursor(cursor)) }
    /// A database URL that names no supported store.
    public static func unsupportedDatabaseURL(_ url: String) -> Self { Self(.unsupportedDatabaseURL(url)) }
    /// The database holds a schema newer than this build knows.
    public static func schemaTooNew(found: Int, known: Int) -> Self { Self(.schemaTooNew(found: found, known: known)) }
    /// The database said no; the message is the database's.
    public static func database(_ message: String) -> Self { Self(.database(message)) }
    /// A database URL of a supported kind with a part that is wrong (the URL, with its password
    /// hidden, and what is wrong).
    public static func invalidDatabaseURL(_ url: String, _ why: String) -> Self { Self(.invalidDatabaseURL(url, why)) }
    /// The database cannot be reached or did not answer in time; the call may be retried.
    public static func unavailable(_ why: String) -> Self { Self(.unavailable(why)) }
    /// The disk under the database is full: nothing can be written until space is freed (reads
    /// go on). The call may be retried then.
    public static func storageFull(_ why: String) -> Self { Self(.storageFull(why)) }
    /// A stored value that is not what this build writes in its column: the table, the column,
    /// and the row's key (`tenant "a", slug "b"`).
    public static func unreadableValue(table: String, column: String, key: String) -> Self {
        Self(.unreadableValue(table: table, column: column, key: key))
    }

    /// What kind of error this is.
    public var code: Code {
        switch reason {
        case .invalidCursor: .invalidCursor
        case .unsupportedDatabaseURL: .unsupportedDatabaseURL
        case .schemaTooNew: .schemaTooNew
        case .database: .database
        case .invalidDatabaseURL: .invalidDatabaseURL
        case .unavailable: .unavailable
        case .storageFull: .storageFull
        case .unreadableValue: .unreadableValue
        }
    }

    /// The specific cause: the database's message, the part of a URL that is wrong, why the
    /// database is unavailable, the rejected cursor or URL.
    public var detail: String {
        switch reason {
        case .invalidCursor(let text), .unsupportedDatabaseURL(let text), .database(let text),
            .invalidDatabaseURL(_, let text), .unavailable(let text), .storageFull(let text):
            text
        case .schemaTooNew(let found, let known): "schema version \(found), known up to \(known)"
        case .unreadableValue(let table, let column, let key): "\(table).\(column) of the row with \(key)"
        }
    }

    public var description: String {
        switch reason {
        case .invalidCursor(let cursor):
            "invalid cursor \"\(cursor)\": pass the nextCursor of a previous page, or no cursor for the first page"
        case .unsupportedDatabaseURL(let url):
            "unsupported database URL \"\(url)\": use sqlite:PATH (for example sqlite:./wayfinder.sqlite) or postgres://USER@HOST/DB (memory: for a store that forgets everything at exit)"
        case .schemaTooNew(let found, let known):
            "the database schema is at version \(found) but this wayfinder knows versions up to \(known): upgrade wayfinder"
        case .database(let message):
            "database error: \(message)"
        case .invalidDatabaseURL(let url, let why):
            "invalid database URL \"\(url)\": \(why)"
        case .unavailable(let why):
            "the database is unavailable: \(why); retry later"
        case .storageFull(let why):
            "the database's disk is full: \(why); free space on it, then retry"
        case .unreadableValue(let table, let column, let key):
            "the value in column \(column) of table \(table), row with \(key), is not what wayfinder writes there (changed outside wayfinder, or damaged): correct or delete that row"
        }
    }
}
