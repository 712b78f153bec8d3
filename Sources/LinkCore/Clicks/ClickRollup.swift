/// The daily rollup rows clicks add to, and how stats are read back from them; shared by every
/// store so that all count alike.
package enum ClickRollup {
    /// One rollup row: a link's clicks of one day, platform, referrer and bot flag.
    package struct Key: Sendable, Hashable {
        package var linkID: String
        package var day: String
        package var platform: String
        package var referrer: String
        package var isBot: Bool

        package init(linkID: String, day: String, platform: String, referrer: String, isBot: Bool) {
            self.linkID = linkID
            self.day = day
            self.platform = platform
            self.referrer = referrer
            self.isBot = isBot
        }
    }

    /// The rollup increments of a batch; clicks without a link have no rollup.
    package static func rollups(of clicks: [Click]) -> [Key: Int] {
        var counts: [Key: Int] = [:]
        for click in clicks {
            guard let linkID = click.linkID else { continue }
            let key = Key(
                linkID: linkID, day: click.day, platform: click.platform.rawValue,
                referrer: click.referrerHost ?? LinkStats.directReferrer, isBot: click.isBot)
            counts[key, default: 0] += 1
        }
        return counts
    }

    /// One row of a link's daily totals: people's clicks of one UTC day, whatever their
    /// platform or referrer (bots are not counted here, as in ``LinkStats/byDay``).
    package struct DayKey: Sendable, Hashable {
        package var linkID: String
        package var day: String

        package init(linkID: String, day: String) {
            self.linkID = linkID
            self.day = day
        }
    }

    /// One row of a link's totals over every day: clicks of a platform, referrer and bot flag.
    package struct TotalKey: Sendable, Hashable {
        package var linkID: String
        package var platform: String
        package var referrer: String
        package var isBot: Bool

        package init(linkID: String, platform: String, referrer: String, isBot: Bool) {
            self.linkID = linkID
            self.platform = platform
            self.referrer = referrer
            self.isBot = isBot
        }
    }

    /// The daily-total increments of a batch's rollup increments: people's clicks per link and day.
    ///
    /// Stores keep these beside the fine rollup rows so that a stats call reads one row per day
    /// (and one per platform, referrer and bot flag, ``totals(of:)``), however many clicks the
    /// link has and however they spread over platforms and referrers.
    package static func dailyTotals(of rollups: [Key: Int]) -> [DayKey: Int] {
        var counts: [DayKey: Int] = [:]
        for (key, count) in rollups where !key.isBot {
            counts[DayKey(linkID: key.linkID, day: key.day), default: 0] += count
        }
        return counts
    }

    /// The all-days total increments of a batch's rollup increments: clicks per link, platform,
    /// referrer and bot flag.
    package static func totals(of rollups: [Key: Int]) -> [TotalKey: Int] {
        var counts: [TotalKey: Int] = [:]
        for (key, count) in rollups {
            counts[
                TotalKey(linkID: key.linkID, platform: key.platform, referrer: key.referrer, isBot: key.isBot),
                default: 0] += count
        }
        return counts
    }

    /// Stats from rollup rows (and their counts).
    package static func stats(from rows: [(Key, Int)]) -> LinkStats {
        var stats = LinkStats()
        for (key, count) in rows {
            if key.isBot {
                stats.botClicks += count
                continue
            }
            stats.clicks += count
            stats.byDay[key.day, default: 0] += count
            stats.byPlatform[key.platform, default: 0] += count
            stats.byReferrer[key.referrer, default: 0] += count
        }
        return stats
    }

    /// One row of a link's rollups summed over every day: clicks of a platform, referrer and bot
    /// flag.
    package struct Breakdown: Sendable, Hashable {
        package var platform: String
        package var referrer: String
        package var isBot: Bool
        package var count: Int

        package init(platform: String, referrer: String, isBot: Bool, count: Int) {
            self.platform = platform
            self.referrer = referrer
            self.isBot = isBot
            self.count = count
        }
    }

    /// Stats from a link's daily totals (people's clicks per day) and its totals per platform,
    /// referrer and bot flag over every day.
    ///
    /// The same figures as ``stats(from:)`` over the link's rollup rows, but a store reads at most
    /// one row per day plus one per platform, referrer and bot flag (the rows of
    /// ``dailyTotals(of:)`` and ``totals(of:)``), so the cost of a stats call does not grow with
    /// the link's clicks.
    package static func stats(days: [(day: String, count: Int)], breakdown: [Breakdown]) -> LinkStats {
        var stats = LinkStats()
        for (day, count) in days where count != 0 {
            stats.byDay[day, default: 0] += count
        }
        for row in breakdown {
            if row.isBot {
                stats.botClicks += row.count
                continue
            }
            stats.clicks += row.count
            stats.byPlatform[row.platform, default: 0] += row.count
            stats.byReferrer[row.referrer, default: 0] += row.count
        }
        return stats
    }
}
