import DeepLinkRouting
import Foundation

/// A click as a row of ClickHouse's `click_events` (see ``ClickHouseSchema``), written as one
/// `JSONEachRow` line into the outbox when the click is stored.
package struct ClickEvent: Sendable, Hashable {
    /// Names the click in ClickHouse: how a batch sent twice is kept from counting twice.
    package var clickID: String
    package var tenant: String
    /// `""` for a route path served without a stored link.
    package var linkID: String
    /// Seconds since 1970 (ClickHouse reads a number into a `DateTime`).
    package var time: Int
    package var platform: String
    package var os: String
    package var browser: String
    /// The referrer's host, `""` when there was none.
    package var referrer: String
    package var isBot: Int
    package var country: String?
    package var rule: Int?
    package var variant: Int?
    package var utmSource: String
    package var utmMedium: String
    package var utmCampaign: String
    package var utmTerm: String
    package var utmContent: String
    package var claimIssued: Int
    /// The visitor's key of the day, `0` when none was made.
    package var visitor: UInt64
    /// The app of the in-app browser the click came from (``InAppBrowser/name``), `""` for any
    /// other browser.
    package var inApp: String

    /// The event of `click`, named by `id` (lower-case UUID text, as ``clickIDs(count:using:)``
    /// makes).
    package init(_ click: Click, id: String) {
        clickID = id
        tenant = click.tenant
        linkID = click.linkID ?? ""
        time = Int(click.time.timeIntervalSince1970.rounded(.down))
        platform = click.platform.rawValue
        os = click.os ?? ""
        browser = click.browser ?? ""
        referrer = click.referrerHost ?? ""
        isBot = click.isBot ? 1 : 0
        country = click.country
        rule = click.rule
        variant = click.variant
        utmSource = click.utm.source ?? ""
        utmMedium = click.utm.medium ?? ""
        utmCampaign = click.utm.campaign ?? ""
        utmTerm = click.utm.term ?? ""
        utmContent = click.utm.content ?? ""
        claimIssued = click.claimIssued ? 1 : 0
        visitor = click.visitorKey ?? 0
        inApp = click.inApp?.name ?? ""
    }

    /// Click events per outbox entry: a row per click cost the flush a row's work and its index
    /// entry per click; a row per 100 costs it once per 100, and keeps an entry short enough to
    /// read whole.
    package static let linesPerEntry = 100

    /// The outbox entries of a batch: its JSON lines, each click with a new click ID,
    /// ``linesPerEntry`` to an entry, each entry's lines written into one text.
    package static func entries(of clicks: [Click]) -> [OutboxPayload] {
        var generator = SystemRandomNumberGenerator()
        let ids = clickIDs(count: clicks.count, using: &generator)
        return stride(from: 0, to: clicks.count, by: linesPerEntry).map { start in
            let end = min(start + linesPerEntry, clicks.count)
            var text = JSONObjectText(capacity: (end - start) * 256)
            for index in start..<end {
                if index > start { text.nextLine() }
                ClickEvent(clicks[index], id: ids[index]).write(to: &text)
            }
            return OutboxPayload(text: text.finished(), lines: end - start)
        }
    }

    /// `count` version 4 UUIDs, as lower-case text, for the clicks of one batch, from two draws of
    /// `generator` for the whole batch: its 122 random bits, the last 32 of them plus each
    /// click's number in the batch. They differ within the batch, and meet one of another batch
    /// as rarely as two random 90-bit values. Foundation's `UUID()` opens, reads and closes
    /// `/dev/urandom` for each one on Linux, each draw of the system's generator is a system
    /// call, and `uuidString` then `lowercased()` make two strings: several microseconds per
    /// click on the flush, where this writes 36 bytes.
    package static func clickIDs(count: Int, using generator: inout some RandomNumberGenerator) -> [String] {
        let (high, low) = (generator.next() as UInt64, generator.next() as UInt64)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        let hex = Array("0123456789abcdef".utf8)
        // The text of the batch's first twelve bytes, shared: 8-4-4-4-12 hex digits.
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.prefix(12).enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        let base = UInt32(truncatingIfNeeded: low >> 32)
        return (0..<count).map { number in
            let last = base &+ UInt32(truncatingIfNeeded: number)
            var id = text
            for shift in stride(from: 28, through: 0, by: -4) {
                id.append(hex[Int(last >> UInt32(shift) & 0x0F)])
            }
            return String(decoding: id, as: UTF8.self)
        }
    }

    /// The event as one compact JSON object, keys sorted, without the members whose value is
    /// what ClickHouse's `JSONEachRow` takes a missing member for: an absent country, rule or
    /// variant (`NULL`), an empty string, a zero. A typical click's line (a desktop browser, no
    /// referrer or UTM fields) is about 205 bytes where every member made it 328: the outbox's
    /// bytes and the flush's writing shrink by as much.
    package var jsonLine: String {
        var text = JSONObjectText(capacity: 256)
        write(to: &text)
        return text.finished()
    }

    /// Writes ``jsonLine``'s members into the object `text` is writing.
    package func write(to text: inout JSONObjectText) {
        text.member("browser", unlessEmpty: browser)
        text.member("claim_issued", unlessZero: claimIssued)
        text.member("click_id", clickID)
        text.member("country", country)
        text.member("in_app", unlessEmpty: inApp)
        text.member("is_bot", unlessZero: isBot)
        text.member("link_id", unlessEmpty: linkID)
        text.member("os", unlessEmpty: os)
        text.member("platform", platform)
        text.member("referrer", unlessEmpty: referrer)
        text.member("rule", rule)
        text.member("tenant", tenant)
        text.member("time", time)
        text.member("utm_campaign", unlessEmpty: utmCampaign)
        text.member("utm_content", unlessEmpty: utmContent)
        text.member("utm_medium", unlessEmpty: utmMedium)
        text.member("utm_source", unlessEmpty: utmSource)
        text.member("utm_term", unlessEmpty: utmTerm)
        text.member("variant", variant)
        text.member("visitor", unlessZero: visitor)
    }
}
