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
}
