import Foundation
import LinkCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SQLiteLinkStore {
    /// Creates the database file at `path`, readable and writable by its owner only (`0600`),
    /// when there is none yet: it holds the claim-signing secrets and the console's sessions.
    /// SQLite gives the `-wal` and `-shm` files it makes next to it the same permissions. An
    /// existing file keeps the permissions it has (an operator may have chosen them).
    package static func createPrivately(path: String) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let descriptor = createExclusively(path, mode: 0o600)
        if descriptor >= 0 {
            closeDescriptor(descriptor)
            return
        }
        guard errno == EEXIST else {
            throw LinkStoreError.unavailable(
                "cannot create the database file \(path): \(String(cString: strerror(errno)))")
        }
    }
}

// At file scope: inside the store's extension, `open` and `close` would name its own methods.
private func createExclusively(_ path: String, mode: mode_t) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
