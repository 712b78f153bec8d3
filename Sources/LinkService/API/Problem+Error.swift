import DeepLinkRouting
import Hummingbird
import LinkCore
import Logging

extension Problem {
    /// The one answer the server gives for `error`, whichever part of it renders the answer (the
    /// API's problem documents, the console's pages, the Firebase-compatible call's errors).
    ///
    /// A ``Problem`` is itself; a cursor the server cannot read is a `400` naming `cursor`; a store outage is `503` with `Retry-After` (`database-unavailable`,
    /// or `storage-full` when its disk is full); Hummingbird's errors keep their status; anything
    /// else is a `500` whose cause goes to the log, never to the client.
    package init(answering error: any Error, path: String, logger: Logger) {
        switch error {
        case let problem as Problem:
            self = problem
        case let error as FieldError:
            self = Problem(error)
        case let error as LinkStoreError where error.code == .unavailable:
            logger.warning("database unavailable", metadata: ["error": "\(error.detail)", "path": "\(path)"])
            self = Problem(
                .serviceUnavailable, .databaseUnavailable, title: "The database is unavailable",
                detail: "the link database cannot be reached right now; retry in a few seconds", retryAfter: 5)
        case let error as LinkStoreError where error.code == .storageFull:
            logger.error("database disk full", metadata: ["error": "\(error.detail)", "path": "\(path)"])
            self = Problem(
                .serviceUnavailable, .storageFull, title: "The database's disk is full",
                detail:
                    "the server cannot write to its database until space is freed on its disk; existing links keep redirecting; retry later",
                retryAfter: 30)
        case let error as LinkStoreError where error.code == .invalidCursor:
            // Every list's `cursor` parameter: a cursor this server did not hand out, or an empty one.
            self = Problem.invalidField("cursor", error.description)
        case let error as HTTPError:
            self = Problem(error)
        case let error as any HTTPResponseError:
            self = Problem(
                error.status, .httpError, title: error.status.reasonPhrase, detail: error.status.reasonPhrase)
        default:
            logger.error("request failed", metadata: ["error": "\(error)", "path": "\(path)"])
            self = Problem(
                .internalServerError, .internalError, title: "Internal error",
                detail: "the server could not answer; the error is in its log")
        }
    }
}
