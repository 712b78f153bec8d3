import LinkCore
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// An event loop group of its own whose threads run at background priority: work on it gets the
/// CPU that the server's own event loops leave, so it never slows the requests they answer.
///
/// On Linux each thread's nice value is raised by ``niceness`` (a thread's nice value is its own
/// there), the way databases lower the priority of their background compaction. Only when every
/// core is busy does it make a difference: then the background work waits. Elsewhere the threads
/// keep the default priority.
package enum BackgroundEventLoopGroup {
    /// How much the threads' nice value is raised: at 10, a thread's share of a contended core is
    /// about a tenth of a normal thread's.
    package static let niceness: Int32 = 10

    /// A group of `threads` threads at background priority. Shut it down when done.
    package static func make(threads: Int = 1) -> MultiThreadedEventLoopGroup {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        for loop in group.makeIterator() {
            loop.execute { lowerCurrentThreadPriority() }
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

    /// Raises the calling thread's nice value by ``niceness`` (not past 19).
    package static func lowerCurrentThreadPriority() {
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
