import LinkCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Hands the memory that glibc's allocator keeps after `free` back to the system, every
/// `interval`.
///
/// glibc keeps freed memory in its arenas for reuse and returns only what lies at the top of a
/// heap, so under a steady load the live heap stays flat while RSS climbs to hold every hole the
/// load has left. `malloc_trim(0)` gives back every free page of every arena. It is looked up when
/// the server starts, so the trimmer runs only where the C library has it (glibc; not musl, not
/// Darwin). `WAYFINDER_MEMORY_TRIM_SECONDS` sets the interval (1 by default, 0 turns it off); the
/// soaks that chose it are in Documentation/MeasurementLog.md ("the server now trims").
package struct MemoryTrimmer: Service {
    package let interval: Duration

    /// A trimmer, or `nil` when `interval` is zero or the C library has no `malloc_trim`.
    package init?(interval: Duration) {
        guard interval > .zero, Self.mallocTrim() != nil else { return nil }
        self.interval = interval
    }

    package func run() async throws {
        guard let trim = Self.mallocTrim() else { return }
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            _ = try? await cancelWhenGracefulShutdown { [interval] in try await Task.sleep(for: interval) }
            _ = trim(0)
        }
    }

    /// Returns the free pages of every arena now; `true` when any memory went back.
    package static func trimNow() -> Bool {
        guard let trim = mallocTrim() else { return false }
        return trim(0) == 1
    }

    private typealias MallocTrim = @convention(c) (Int) -> Int32

    private static func mallocTrim() -> MallocTrim? {
        #if canImport(Glibc)
            // A null handle is glibc's RTLD_DEFAULT: the symbol as the process already links it.
            guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: MallocTrim.self)
        #else
            return nil
        #endif
    }
}
