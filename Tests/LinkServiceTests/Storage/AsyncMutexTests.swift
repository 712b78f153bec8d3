import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import TestSupport
import Testing

/// The mutex behind SQLite's single writer.
@Suite("AsyncMutex")
struct AsyncMutexTests {
    @Test("10,000 waiters get the mutex one at a time, in the order they came, and it is free afterwards")
    func waitersInArrivalOrder() async throws {
        let count = 10_000
        let mutex = AsyncMutex()
        let order = Locked<[Int]>([])
        let inside = Locked(0)
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The first holder keeps the mutex until every waiter has queued.
            group.addTask {
                try await mutex.withLock {
                    holding.yield()
                    for await _ in release { return }
                }
            }
            for await _ in held { break }
            for index in 0..<count {
                group.addTask {
                    try await mutex.withLock {
                        let alone = inside.withLock {
                            $0 += 1
                            return $0 == 1
                        }
                        order.withLock { $0.append(alone ? index : -1) }
                        inside.withLock { $0 -= 1 }
                    }
                }
                while await mutex.waiting < index + 1 { await Task.yield() }
            }
            releasing.yield()
            try await group.waitForAll()
        }
        #expect(order.withLock { $0 } == Array(0..<count))
        #expect(await mutex.waiting == 0)
        #expect(try await mutex.withLock { 42 } == 42)
    }
}
