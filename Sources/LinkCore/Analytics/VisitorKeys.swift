import Crypto
import Foundation
import Synchronization

/// Unique visitors without knowing who they are: a visitor's key of the day is a keyed hash
/// (``SipHash24``, 64 bits) of the tenant, the client address and the `User-Agent`, keyed with a
/// random secret of that UTC day.
///
/// The same visitor gets the same key all day, so a day's distinct keys count its visitors; the
/// next day the secret is another, so keys of two days cannot be linked. The address is never
/// stored: only the hash leaves the request. The secrets are shared by every instance through
/// the main database (``OutboxRecords/dailySecret(purpose:day:candidate:deletingBefore:)``) and
/// deleted there once their day is over; they never go to ClickHouse, where the keys are kept.
/// Once a day's secret is gone nobody, the operator included, can test whether a given address
/// made a given key (Plausible Analytics' model).
package final class VisitorKeys: Sendable {
    /// The ``OutboxRecords`` purpose of the secrets.
    package static let purpose = "visitor-key"

    /// UTC day (days since 1970, no text to make per visit) → the hash keyed with its secret,
    /// today's and tomorrow's.
    private let secrets = Mutex<[Int: SipHash24]>([:])

    package init() {}

    /// The visitor's key at `time`, `nil` while that day's secret is not loaded (the click then
    /// counts as a click, not as a visitor).
    package func key(tenant: String, address: String, userAgent: String?, at time: Date) -> UInt64? {
        guard let hash = secrets.withLock({ $0[Click.dayNumber(of: time)] }) else { return nil }
        var input: [UInt8] = []
        input.reserveCapacity(tenant.utf8.count + address.utf8.count + (userAgent?.utf8.count ?? 0) + 2)
        input += tenant.utf8
        input.append(0)
        input += address.utf8
        input.append(0)
        input += (userAgent ?? "").utf8
        let key = hash.hash(input)
        // 0 means "no key" in ClickHouse.
        return key == 0 ? 1 : key
    }

    /// Loads today's and tomorrow's secrets (making them when no instance has), so that the day
    /// changes without a gap; the store deletes older ones.
    package func refresh(from store: any OutboxRecords, now: Date) async throws {
        let today = Click.day(of: now)
        var loaded: [Int: SipHash24] = [:]
        for date in [now, now.addingTimeInterval(86_400)] {
            let day = Click.day(of: date)
            let candidate = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }
            let stored = try await store.dailySecret(
                purpose: Self.purpose, day: day, candidate: candidate, deletingBefore: today)
            // 256 bits are stored (what the HMAC of earlier releases took); the hash keys with 128.
            guard let bytes = Data(base64Encoded: stored), bytes.count == 32, let hash = SipHash24(key: bytes) else {
                throw LinkStoreError.unreadableValue(table: "daily_secrets", column: "secret", key: "day \"\(day)\"")
            }
            loaded[Click.dayNumber(of: date)] = hash
        }
        secrets.withLock { $0 = loaded }
    }
}
