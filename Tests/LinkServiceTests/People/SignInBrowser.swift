import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What a person's browser does at a provider's authorization page, over real HTTP: submits the
/// form as `subject` and reads the redirect back to the client (never followed: the callback
/// address is the test's to call).
struct SignInBrowser {
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    struct NoRedirect: Error, CustomStringConvertible {
        var status: UInt
        var body: String
        var description: String { "the provider answered \(status), not a redirect: \(body.prefix(500))" }
    }

    /// The callback's query items after `subject` approves the authorization request `url`.
    static func approve(_ url: String, as subject: String) async throws -> [String: String] {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "sub=\(subject)&action=allow"))
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard (300..<400).contains(response.status.code), let location = response.headers.first(name: "Location"),
            let components = URLComponents(string: location)
        else { throw NoRedirect(status: response.status.code, body: String(buffer: body)) }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return query
    }

    /// `url` with the query item `name` removed (a client that forgot it).
    static func removing(_ name: String, from url: String) -> String {
        var components = URLComponents(string: url)!
        components.queryItems = components.queryItems?.filter { $0.name != name }
        return components.string!
    }

    /// The value of query item `name` in `url`.
    static func query(_ name: String, of url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }
}
