import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore
import Synchronization

/// The methods each registered path takes, for `405` answers and their `Allow` field.
///
/// The table is a second Hummingbird router with the same paths, so a path resolves to the same
/// route as in the real router (literals before parameters before wildcards). It is only asked
/// when the real router found no handler, never on the way of an answered request.
package final class AllowedMethods: Sendable {
    private let responder = Mutex<RouterResponder<LinkRequestContext>?>(nil)

    /// Learns the routes of a router once all are registered.
    package func learn(_ routes: [Hummingbird.Router<LinkRequestContext>.RouteDescription]) {
        var byPath: [String: (path: RouterPath, methods: Set<String>)] = [:]
        for route in routes {
            byPath["\(route.path)", default: (path: route.path, methods: [])].methods.insert(route.method.rawValue)
        }
        let table = Hummingbird.Router(context: LinkRequestContext.self)
        for (path, methods) in byPath.values {
            // HEAD is answered wherever GET is (the router generates it).
            let allow = (methods.contains("GET") ? methods.union(["HEAD"]) : methods).sorted().joined(separator: ", ")
            table.get(path) { _, _ in Response(status: .noContent, headers: [.allow: allow]) }
        }
        let built = table.buildResponder()
        responder.withLock { $0 = built }
    }

    /// The `Allow` value of the route `path` resolves to; `nil` when no route has the path.
    package func allow(for path: String, context: LinkRequestContext) async -> String? {
        guard let responder = responder.withLock({ $0 }) else { return nil }
        let probe = Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: path),
            body: RequestBody(buffer: ByteBuffer()))
        let endpoint = context.endpointPath
        defer { context.coreContext.endpointPath.value = endpoint }
        return try? await responder.respond(to: probe, context: context).headers[.allow]
    }
}
