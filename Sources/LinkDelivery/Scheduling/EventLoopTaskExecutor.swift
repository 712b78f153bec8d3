import LinkCore
import NIOCore

/// Runs the Swift tasks that prefer it (`withTaskExecutorPreference`) on one NIO event loop's
/// thread: the webhook worker runs its own code on the thread its connections use, at that
/// thread's background priority (``BackgroundEventLoopGroup``), rather than on the threads that
/// answer requests.
@available(macOS 15, iOS 18, tvOS 18, visionOS 2, *)
package final class EventLoopTaskExecutor: TaskExecutor {
    package let eventLoop: any EventLoop

    package init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
