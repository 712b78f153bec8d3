import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Pacing a background worker by its thread's wait for a core")
struct ContentionPacerTests {
    typealias Times = ContentionPacer.ThreadTimes

    @Test("schedstat's first two fields are the nanoseconds run and waited; anything else is no reading")
    func parsesSchedstat() {
        #expect(
            Times(schedstat: "1500000 250000 42\n") == Times(running: .microseconds(1500), waiting: .microseconds(250)))
        #expect(Times(schedstat: "1500000 250000") != nil)
        #expect(Times(schedstat: "") == nil)
        #expect(Times(schedstat: "1500000") == nil)
        #expect(Times(schedstat: "-1 2 3") == nil)
        #expect(Times(schedstat: "ran waited slices") == nil)
    }

    @Test(
        "a round that waited for a core half as long as it ran, or longer, pauses four times its length, at most a second"
    )
    func pausesWhenContended() {
        let round = Duration.milliseconds(50)
        #expect(
            ContentionPacer.pause(running: .milliseconds(20), waiting: .milliseconds(10), round: round)
                == .milliseconds(200))
        #expect(
            ContentionPacer.pause(running: .milliseconds(20), waiting: .milliseconds(60), round: round)
                == .milliseconds(200))
        #expect(
            ContentionPacer.pause(running: .milliseconds(20), waiting: .milliseconds(60), round: .seconds(2))
                == .seconds(1))
    }

    @Test("no pause when the thread waited less than half as long as it ran, or ran under a millisecond")
    func noPauseWhenFree() {
        let round = Duration.milliseconds(50)
        #expect(ContentionPacer.pause(running: .milliseconds(20), waiting: .milliseconds(9), round: round) == .zero)
        #expect(ContentionPacer.pause(running: .microseconds(900), waiting: .milliseconds(30), round: round) == .zero)
        #expect(ContentionPacer.pause(running: .zero, waiting: .zero, round: round) == .zero)
    }

    @Test("a round is measured from its start: the times before it do not count")
    func measuresTheRound() {
        let readings = Readings([
            Times(running: .seconds(10), waiting: .seconds(30)),  // the round's start, after a contended past
            Times(running: .seconds(10) + .milliseconds(20), waiting: .seconds(30) + .milliseconds(2)),
            Times(running: .seconds(10) + .milliseconds(20), waiting: .seconds(30) + .milliseconds(2)),
            Times(running: .seconds(10) + .milliseconds(40), waiting: .seconds(30) + .milliseconds(32)),
        ])
        var pacer = ContentionPacer(read: readings.next)
        pacer.startRound()
        #expect(pacer.pauseAfterRound() == .zero)
        pacer.startRound()
        #expect(pacer.pauseAfterRound() > .zero)
    }

    @Test("without the kernel's figures it never pauses")
    func noReadingNoPause() {
        var pacer = ContentionPacer(read: { nil })
        pacer.startRound()
        #expect(pacer.pauseAfterRound() == .zero)
    }

    @Test(
        "the calling thread's time on a core grows while it works",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/thread-self/schedstat")))
    func readsTheKernel() throws {
        let before = try #require(Times.current())
        let start = ContinuousClock.now
        var spin = 0
        while ContinuousClock.now - start < .milliseconds(30) { spin &+= 1 }
        let after = try #require(Times.current())
        #expect(spin > 0)
        #expect(after.running - before.running >= .milliseconds(5))
    }

    /// Hands out readings in order, then none.
    final class Readings {
        private var rest: [Times]
        init(_ readings: [Times]) { rest = readings }
        func next() -> Times? { rest.isEmpty ? nil : rest.removeFirst() }
    }
}
