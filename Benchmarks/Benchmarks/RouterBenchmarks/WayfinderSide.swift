import DeepLinkRouting
import Foundation

/// Wayfinder's side of the router benchmark: the fixture's routes in a frozen `RouteTable`,
/// resolved from the URL string the way an app or `wayfinder route` does.
struct WayfinderSide: Sendable {
    let table: RouteTable

    init(_ fixture: RouteFixture) {
        var builder = RouteTableBuilder(domains: ["example.com"])
        do {
            for route in fixture.routes { try builder.add(route.name, paths: [route.pattern]) }
            table = try builder.build()
        } catch {
            fatalError("The benchmark's route table does not build: \(error)")
        }
    }

    /// Resolves `url` and hands every captured value to `body`; returns the route's name, or
    /// `nil` for a miss.
    @inline(__always)
    func resolve(_ url: String, _ body: (String, String) -> Void) -> String? {
        guard case .matched(let match) = table.resolve(url) else { return nil }
        for (name, value) in match.orderedParameters { body(name, value) }
        return match.route
    }
}
