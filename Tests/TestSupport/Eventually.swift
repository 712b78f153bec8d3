/// Checks `condition` every `interval` until it holds or `limit` has passed; whether it held.
///
/// For what a test waits on outside its control (a flush, a notification, a restarted database):
/// a test that waits on the server's own timers moves its clock instead. An error `condition`
/// throws ends the wait and is rethrown, so a broken check fails loudly; a check that may fail
/// while a system comes back says so itself (`(try? await probe()) == true`).
///
/// The default limit is long because the whole suite keeps both cores of a CI machine busy: a task
/// that a condition waits for (a service's first sleep, a flush) can wait its turn on the
/// cooperative pool for tens of seconds. A condition that holds ends the wait at once.
public func eventually(
    within limit: Duration = .seconds(90), every interval: Duration = .milliseconds(20),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
}
