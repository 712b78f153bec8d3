import LinkCore
import SQLiteNIO

extension SQLiteLinkStore {
    /// A ``LinkStoreError`` for what the disk did rather than what the statement asked:
    /// `storageFull` for `SQLITE_FULL` (the disk has no room for the write-ahead log or the file
    /// to grow), `unavailable` for `SQLITE_IOERR` and its extended codes (the file cannot be read
    /// or written). Both pass once the disk recovers, so the server answers `503` and keeps
    /// running; every other error is the statement's and passes through unchanged.
    package static func translate(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.reason {
        case .full:
            return LinkStoreError.storageFull("SQLite: \(error.message)")
        case .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync,
            .ioErrorFailedDirSync, .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedUnlock,
            .ioErrorFailedReadLock, .ioErrorFailedDelete, .ioErrorNoMemory, .ioErrorFailedAccess,
            .ioErrorFailedLockCheck, .ioErrorFailedAdvisoryLock, .ioErrorFailedClose, .ioErrorFailedSharedMemOpen,
            .ioErrorFailedSharedMemSize, .ioErrorFailedSharedMemMap, .ioErrorFailedDeleteNonexistent,
            .ioErrorFailedMemoryMap, .ioErrorCantFindTempdir, .ioErrorCorruptedFilesystem:
            return LinkStoreError.unavailable("the SQLite file cannot be read or written: \(error.message)")
        default:
            return error
        }
    }
}
