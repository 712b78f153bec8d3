import LinkCore
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// An event loop group of its own for background work (webhook deliveries, the ClickHouse
/// shipper): its connections and, through ``run(on:_:)``, its code stay off the event loops that
/// answer requests.
///
/// Its threads may also run at a lower priority: on Linux each thread's nice value is raised by
/// the `niceness` given (a thread's nice value is its own there), the way databases lower the
/// priority of their background compaction (`WAYFINDER_BACKGROUND_NICENESS`). It makes a
/// difference only when every core is busy, and the measurements on a 2-core machine showed none
/// that the noise let through (Documentation/MeasurementLog.md), so the server's default is 0:
/// the same priority as the rest of the server. Elsewhere than Linux the threads keep theirs.
package enum BackgroundEventLoopGroup {
    /// A group of `threads` threads, each at its nice value raised by `niceness` (0: unchanged;
    /// never past 19). Shut it down when done.
    package static func make(threads: Int = 1, niceness: Int32 = 0) -> MultiThreadedEventLoopGroup {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        if niceness > 0 {
            for loop in group.makeIterator() {
                loop.execute { lowerCurrentThreadPriority(by: niceness) }
            }
        }
        return group
    }

    /// Runs `work` with its code, child tasks included, preferring `group`'s first event loop
    /// (``EventLoopTaskExecutor``): a background service's own code then runs at that thread's
    /// priority too, not only its connections. Where task executors are not available, `work`
    /// runs as it would anyway.
    package static func run(on group: MultiThreadedEventLoopGroup, _ work: @Sendable () async -> Void) async {
        if #available(macOS 15, iOS 18, tvOS 18, visionOS 2, *) {
            await withTaskExecutorPreference(EventLoopTaskExecutor(group.next())) { await work() }
        } else {
            await work()
        }
    }

    /// Raises the calling thread's nice value by `niceness` (not past 19).
    package static func lowerCurrentThreadPriority(by niceness: Int32) {
        #if canImport(Glibc)
            guard let current = currentThreadNiceness() else { return }
            // `who` 0 with PRIO_PROCESS names the calling thread on Linux.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceness))
        #endif
    }

    /// The calling thread's nice value (Linux), or `nil`.
    package static func currentThreadNiceness() -> Int32? {
        #if canImport(Glibc)
            errno = 0
            let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            return errno == 0 ? value : nil
        #else
            return nil
        #endif
    }
}
