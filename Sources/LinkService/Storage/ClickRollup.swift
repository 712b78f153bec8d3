/// The daily rollup rows clicks add to, and how stats are read back from them; shared by every
/// store so that all count alike.
public enum ClickRollup {
    /// One rollup row: a link's clicks of one day, platform, referrer and bot flag.
    public struct Key: Sendable, Hashable {
        public var linkID: String
        public var day: String
        public var platform: String
        public var referrer: String
        public var isBot: Bool

        public init(linkID: String, day: String, platform: String, referrer: String, isBot: Bool) {
            self.linkID = linkID
            self.day = day
            self.platform = platform
            self.referrer = referrer
            self.isBot = isBot
        }
    }

    /// The rollup increments of a batch; clicks without a link have no rollup.
    public static func rollups(of clicks: [Click]) -> [Key: Int] {
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

    /// Stats from rollup rows (and their counts).
    public static func stats(from rows: [(Key, Int)]) -> LinkStats {
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
    public struct Breakdown: Sendable, Hashable {
        public var platform: String
        public var referrer: String
        public var isBot: Bool
        public var count: Int

        public init(platform: String, referrer: String, isBot: Bool, count: Int) {
            self.platform = platform
            self.referrer = referrer
            self.isBot = isBot
            self.count = count
        }
    }

    /// Stats from sums the database made: people's clicks per day, and every platform, referrer
    /// and bot flag summed over the days.
    ///
    /// The same figures as ``stats(from:)`` over the link's rollup rows, but a store sends at most
    /// one row per day plus one per platform, referrer and bot flag, however many rows the days
    /// hold: the cost of a stats call no longer grows with the rows read out of the database.
    public static func stats(days: [(day: String, count: Int)], breakdown: [Breakdown]) -> LinkStats {
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
