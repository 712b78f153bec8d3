/// Why a store refused a request or could not be opened.
public enum LinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A list cursor this store did not hand out.
    case invalidCursor(String)
    /// A database URL that names no supported store.
    case unsupportedDatabaseURL(String)
    /// The database holds a schema newer than this build knows.
    case schemaTooNew(found: Int, known: Int)
    /// The database said no; the message is the database's.
    case database(String)
    /// A database URL of a supported kind with a part that is wrong (the URL, with its password
    /// hidden, and what is wrong).
    case invalidDatabaseURL(String, String)
    /// The database cannot be reached or did not answer in time; the call may be retried.
    case unavailable(String)

    public var description: String {
        switch self {
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
        }
    }
}
