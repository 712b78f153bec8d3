import BenchmarkSupport
import Foundation

/// A deterministic route table and a list of URLs to resolve against it, described once and
/// handed to both routers so that they answer exactly the same questions.
///
/// Routes come in groups of six realistic shapes under a shared `/app{group}` prefix — a plain
/// parameter, a typed `int`, a catch-all, an all-literal path, a `uuid` with an optional last
/// segment, and a typed parameter in the middle of a longer path — so the tries of both routers
/// branch the way a large app's routes do (a common prefix, then a feature, then parameters).
/// URLs are about four in five hits spread over every shape, and one in five misses of every kind
/// (unknown prefix, a group outside the table, a path too short or too long, a typed parameter
/// that does not parse).
struct RouteFixture: Sendable {
    /// One piece of a route, in a form both routers can be given.
    enum Segment: Sendable {
        case literal(String)
        case parameter(String)
        case int(String)
        case uuid(String)
        /// Last only.
        case optional(String)
        /// Last only.
        case catchAll(String)
    }

    struct Route: Sendable {
        let name: String
        let segments: [Segment]

        /// The route in Wayfinder's pattern syntax (DESIGN.md, "Route pattern syntax").
        var pattern: String {
            "/" + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): "{\(name)}"
                case .int(let name): "{\(name):int}"
                case .uuid(let name): "{\(name):uuid}"
                case .optional(let name): "{\(name)?}"
                case .catchAll(let name): "{\(name)*}"
                }
            }.joined(separator: "/")
        }
    }

    /// What a router answered for one URL, in a form both sides can be compared on.
    struct Answer: Equatable, CustomStringConvertible {
        let route: String
        let parameters: [String: String]

        var description: String { "\(route) \(parameters.sorted { $0.key < $1.key })" }
    }

    /// Number of URLs in `urls`; every benchmark sample resolves each of them once.
    static let urlCount = 1_000

    let routes: [Route]
    let urls: [String]

    init(routeCount: Int) {
        var routes: [Route] = []
        routes.reserveCapacity(routeCount)
        for index in 0..<routeCount {
            routes.append(RouteFixture.route(index))
        }
        self.routes = routes
        var generator = SplitMix64(seed: UInt64(routeCount))
        self.urls = (0..<RouteFixture.urlCount).map { _ in
            RouteFixture.url(routeCount: routeCount, using: &generator)
        }
    }

    static let shapes = 6

    private static func route(_ index: Int) -> Route {
        let app = Segment.literal("app\(index / shapes)")
        let segments: [Segment] =
            switch index % shapes {
            case 0: [app, .literal("stories"), .parameter("storyId")]
            case 1: [app, .literal("shop"), .parameter("category"), .literal("items"), .int("itemId")]
            case 2: [app, .literal("files"), .catchAll("path")]
            case 3: [app, .literal("settings"), .literal("notifications")]
            case 4: [app, .literal("team"), .uuid("teamId"), .literal("members"), .optional("memberId")]
            default: [app, .literal("c"), .parameter("channel"), .literal("posts"), .int("postId"), .literal("comments")]
            }
        return Route(name: "r\(index)", segments: segments)
    }

    private static let words = ["shoes", "summer-sale", "caf%C3%A9", "hello%20world", "news", "a", "Z9", "2024"]

    private static func url(routeCount: Int, using generator: inout SplitMix64) -> String {
        let base = "https://example.com"
        let index = Int(generator.next() % UInt64(routeCount))
        let group = index / shapes
        let word = words[Int(generator.next() % UInt64(words.count))]
        let number = generator.next() % 1_000_000
        let slash = generator.next() % 8 == 0 ? "/" : ""
        if generator.next() % 5 == 0 {
            // A miss.
            switch generator.next() % 5 {
            case 0: return "\(base)/unknown\(number)/stories/\(word)"
            case 1: return "\(base)/app\(routeCount / shapes + 1 + Int(number % 50))/stories/\(word)"
            case 2: return "\(base)/app\(group)/stories"
            case 3: return "\(base)/app\(group)/settings/notifications/extra/\(word)"
            default: return "\(base)/app\(group)/shop/\(word)/items/x\(number)"
            }
        }
        // A hit on route `index`, with every shape's parameters filled in.
        switch index % shapes {
        case 0:
            return "\(base)/app\(group)/stories/\(word)-\(number)\(slash)"
        case 1:
            return "\(base)/app\(group)/shop/\(word)/items/\(number)\(slash)"
        case 2:
            let depth = 1 + Int(number % 3)
            let rest = (0..<depth).map { "d\($0)" }.joined(separator: "/")
            return "\(base)/app\(group)/files/\(rest)/\(word).pdf"
        case 3:
            return "\(base)/app\(group)/settings/notifications\(slash)"
        case 4:
            let uuid = UUID(uuid: generator.uuidBytes()).uuidString
            return number % 2 == 0
                ? "\(base)/app\(group)/team/\(uuid)/members/m\(number)"
                : "\(base)/app\(group)/team/\(uuid)/members"
        default:
            return "\(base)/app\(group)/c/\(word)/posts/\(number)/comments\(slash)"
        }
    }
}

extension SplitMix64 {
    mutating func uuidBytes() -> uuid_t {
        let a = next()
        let b = next()
        return (
            UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
            UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
            UInt8(truncatingIfNeeded: a >> 48), UInt8(truncatingIfNeeded: a >> 56), UInt8(truncatingIfNeeded: b),
            UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b >> 16), UInt8(truncatingIfNeeded: b >> 24),
            UInt8(truncatingIfNeeded: b >> 32), UInt8(truncatingIfNeeded: b >> 40), UInt8(truncatingIfNeeded: b >> 48),
            UInt8(truncatingIfNeeded: b >> 56)
        )
    }
}
