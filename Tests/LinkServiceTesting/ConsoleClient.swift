import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// A browser of the console for tests: keeps the cookies the sign-in gives it (the sign-in form's
/// token, then the session) and fills forms.
package struct ConsoleClient {
    package let client: any TestClientProtocol
    /// The cookies kept, by name; every request carries all of them.
    package var cookies: [String: String] = [:]
    package var extraHeaders: HTTPFields = [:]

    /// The session cookie (`wayfinder_console=…`), once signed in.
    package var cookie: String? { cookies["wayfinder_console"].map { "wayfinder_console=\($0)" } }

    package init(_ client: any TestClientProtocol) {
        self.client = client
    }

    /// Signs in with `key` as a browser does: the sign-in page, then its form; the response to
    /// the form (a `303` to the links when the key is good).
    @discardableResult
    package mutating func signIn(_ key: String) async throws -> TestResponse {
        let page = try await get("/admin/sign-in")
        keepCookies(of: page)
        let response = try await post("/admin/sign-in", ["key": key], csrf: try Self.csrf(in: page.text))
        keepCookies(of: response)
        return response
    }

    /// Keeps the cookies `response` sets.
    package mutating func keepCookies(of response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            guard let pair = header.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
            cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
    }

    package func get(_ path: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: headers())
    }

    /// Posts a form; `csrf` is added as the `csrf` field unless `nil`. A refused link form's
    /// redirect to its page (`?draft=`) is followed, as a browser follows it, unless
    /// `followingRefusal` is `false`.
    package func post(
        _ path: String, _ fields: [String: String], csrf: String?, followingRefusal: Bool = true
    ) async throws -> TestResponse {
        var fields = fields
        if let csrf { fields["csrf"] = csrf }
        var headers = headers()
        headers[.contentType] = "application/x-www-form-urlencoded"
        let response = try await client.execute(
            uri: path, method: .post, headers: headers, body: ByteBuffer(string: Self.encode(fields)))
        if followingRefusal, response.status == .seeOther, let location = response.headers[.location],
            location.contains("draft=")
        {
            return try await get(location)
        }
        return response
    }

    /// The CSRF token in the forms of the page at `path`.
    package func csrf(from path: String = "/admin/links") async throws -> String {
        let page = try await get(path)
        return try Self.csrf(in: String(buffer: page.body))
    }

    package static func csrf(in html: String) throws -> String {
        let marker = #"name="csrf" value=""#
        guard let start = html.range(of: marker) else { throw ConsoleClientError.noCSRF }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    private func headers() -> HTTPFields {
        var headers = extraHeaders
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: "; ")
        }
        return headers
    }

    package static func encode(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}

package enum ConsoleClientError: Error {
    case noCSRF
}
