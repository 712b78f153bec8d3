import Foundation
import Logging
import RoutingKit

/// The comparison side of the router benchmark: vapor/routing-kit's `TrieRouter`, given the same
/// routes and URLs as Wayfinder's table, used the way Vapor uses it (split the path, route it,
/// read the parameters) and then made to honour what routing-kit cannot express: typed
/// parameters are checked after the match, and an optional last segment is registered twice.
///
/// Everything is done the cheapest way routing-kit allows — one logger made once instead of one
/// per `Parameters`, a hand-written path splitter instead of `URLComponents` — so the ratio is
/// against routing-kit at its best.
struct RoutingKitSide {
    struct Output {
        let name: String
        let parameters: [String]
        let ints: [String]
        let uuids: [String]
        let catchAll: String?
    }

    let router: TrieRouter<Output>
    private let logger = Logger(label: "benchmark.routing-kit")

    /// Registers every route from its text, parsed by routing-kit (`"app0/stories/:storyId"`),
    /// as Wayfinder's table parses its patterns.
    init(_ fixture: RouteFixture) {
        let router = TrieRouter(Output.self, logger: Logger(label: "benchmark.routing-kit"))
        for route in fixture.routes {
            var path: [String] = []
            var optional: String? = nil
            var parameters: [String] = []
            var ints: [String] = []
            var uuids: [String] = []
            var catchAll: String? = nil
            for segment in route.segments {
                switch segment {
                case .literal(let text): path.append(text)
                case .parameter(let name):
                    path.append(":" + name)
                    parameters.append(name)
                case .int(let name):
                    path.append(":" + name)
                    ints.append(name)
                case .uuid(let name):
                    path.append(":" + name)
                    uuids.append(name)
                case .optional(let name): optional = name
                case .catchAll(let name):
                    path.append("**")
                    catchAll = name
                }
            }
            let text = path.joined(separator: "/")
            let output = Output(name: route.name, parameters: parameters, ints: ints, uuids: uuids, catchAll: catchAll)
            router.register(output, at: text.pathComponents)
            if let optional {
                let longer = Output(name: route.name, parameters: parameters + [optional], ints: ints, uuids: uuids, catchAll: nil)
                router.register(longer, at: (text + "/:" + optional).pathComponents)
            }
        }
        self.router = router
    }

    /// Resolves `url` and hands every captured value to `body`; returns the route's name, or
    /// `nil` for a miss.
    @inline(__always)
    func resolve(_ url: String, _ body: (String, String) -> Void) -> String? {
        var parameters = Parameters(logger)
        guard let output = router.route(path: RoutingKitSide.pathSegments(url), parameters: &parameters) else {
            return nil
        }
        for name in output.ints {
            guard let value = parameters.get(name), Int(value) != nil else { return nil }
        }
        for name in output.uuids {
            guard let value = parameters.get(name), UUID(uuidString: value) != nil else { return nil }
        }
        for name in output.parameters { body(name, parameters.get(name)!) }
        for name in output.ints { body(name, parameters.get(name)!) }
        for name in output.uuids { body(name, parameters.get(name)!) }
        if let catchAll = output.catchAll { body(catchAll, parameters.getCatchall().joined(separator: "/")) }
        return output.name
    }

    /// The path of an absolute URL string, split on `/` with empty segments dropped (what Vapor
    /// hands its router).
    static func pathSegments(_ url: String) -> [String] {
        let utf8 = url.utf8
        var start = utf8.startIndex
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            // Skip "scheme://authority".
            let afterScheme = utf8.index(colon, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex
            start = utf8[afterScheme...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        }
        let end = utf8[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        return url[start..<end].split(separator: "/").map(String.init)
    }
}
