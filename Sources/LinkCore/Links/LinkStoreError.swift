import DeepLinkRouting

/// Why a store refused a request or could not be opened.
///
/// Match on ``code`` (`catch let error as LinkStoreError where error.code == .unavailable`); the
/// set of codes may grow without breaking a `switch`. ``message`` says what to do.
public struct LinkStoreError: CodedError, Hashable {
    /// A stable kind of store error, for matching and for logs.
    public typealias Code = ErrorCode<LinkStoreError>

    public let code: Code
    /// The specific cause: the database's message, the part of a URL that is wrong, why the
    /// database is unavailable, the rejected cursor or URL.
    public let detail: String
    public let message: String

    /// A list cursor this store did not hand out.
    public static func invalidCursor(_ cursor: String) -> Self {
        Self(
            code: .invalidCursor, detail: cursor,
            message:
                "invalid cursor \"\(cursor)\": pass the nextCursor of a previous page, or no cursor for the first page")
    }

    /// A database URL that names no supported store.
    public static func unsupportedDatabaseURL(_ url: String) -> Self {
        Self(
            code: .unsupportedDatabaseURL, detail: url,
            message:
                "unsupported database URL \"\(url)\": use sqlite:PATH (for example sqlite:./wayfinder.sqlite) or postgres://USER@HOST/DB (memory: for a store that forgets everything at exit)"
        )
    }

    /// The database holds a schema newer than this build knows.
    public static func schemaTooNew(found: Int, known: Int) -> Self {
        Self(
            code: .schemaTooNew, detail: "schema version \(found), known up to \(known)",
            message:
                "the database schema is at version \(found) but this wayfinder knows versions up to \(known): upgrade wayfinder"
        )
    }

    /// The database said no; the message is the database's.
    public static func database(_ message: String) -> Self {
        Self(code: .database, detail: message, message: "database error: \(message)")
    }

    /// A database URL of a supported kind with a part that is wrong (the URL, with its password
    /// hidden, and what is wrong).
    public static func invalidDatabaseURL(_ url: String, _ why: String) -> Self {
        Self(code: .invalidDatabaseURL, detail: why, message: "invalid database URL \"\(url)\": \(why)")
    }

    /// The database cannot be reached or did not answer in time; the call may be retried.
    public static func unavailable(_ why: String) -> Self {
        Self(code: .unavailable, detail: why, message: "the database is unavailable: \(why); retry later")
    }

    /// The disk under the database is full: nothing can be written until space is freed (reads
    /// go on). The call may be retried then.
    public static func storageFull(_ why: String) -> Self {
        Self(
            code: .storageFull, detail: why,
            message: "the database's disk is full: \(why); free space on it, then retry")
    }

    /// A stored value that is not what this build writes in its column: the table, the column,
    /// and the row's key (`tenant "a", slug "b"`).
    public static func unreadableValue(table: String, column: String, key: String) -> Self {
        Self(
            code: .unreadableValue, detail: "\(table).\(column) of the row with \(key)",
            message:
                "the value in column \(column) of table \(table), row with \(key), is not what wayfinder writes there (changed outside wayfinder, or damaged): correct or delete that row"
        )
    }
}

extension ErrorCode where Owner == LinkStoreError {
    /// A list cursor this store did not hand out.
    public static let invalidCursor = Self("invalid-cursor")
    /// A database URL that names no supported store.
    public static let unsupportedDatabaseURL = Self("unsupported-database-url")
    /// The database holds a schema newer than this build knows.
    public static let schemaTooNew = Self("schema-too-new")
    /// The database said no.
    public static let database = Self("database-error")
    /// A database URL of a supported kind with a part that is wrong.
    public static let invalidDatabaseURL = Self("invalid-database-url")
    /// The database cannot be reached or did not answer in time; the call may be retried.
    public static let unavailable = Self("database-unavailable")
    /// The disk under the database is full; the call may be retried once space is freed.
    public static let storageFull = Self("storage-full")
    /// A stored value is not what this build writes in its column (changed outside wayfinder,
    /// or damaged).
    public static let unreadableValue = Self("unreadable-value")
}
