import AsyncHTTPClient
import Foundation
import LinkCore
import NIOCore
import NIOHTTP1

/// Statements to ClickHouse over its HTTP interface: one `POST` each, the statement in the body
/// (or, for an `INSERT … FORMAT JSONEachRow`, in the `query` parameter with the rows as the
/// body), the user and password in ClickHouse's `X-ClickHouse-User` / `X-ClickHouse-Key` headers.
///
/// Every failure is a ``ClickHouseError``: `unreachable` when no answer came (in time),
/// `credentials` when the user or password is refused, `refused` with ClickHouse's message
/// otherwise.
package struct ClickHouseClient: Sendable {
    package let url: ClickHouseURL
    /// How long one statement may take, answer included.
    package let timeout: Duration
    package let http: HTTPClient

    package init(url: ClickHouseURL, timeout: Duration = .seconds(10), http: HTTPClient = .shared) {
        self.url = url
        self.timeout = timeout
        self.http = http
    }

    /// Largest answer read: stats answers are a few kilobytes.
    private static let answerLimit = 16 * 1_048_576

    /// Runs `sql` (with `rows` as its data, for an `INSERT … FORMAT …`) and returns the answer's
    /// body. `queryID` names the statement: ClickHouse refuses a second statement with the ID of
    /// one still running. `inDatabase: false` runs it outside ``ClickHouseURL/database`` (which
    /// may not exist yet).
    @discardableResult
    package func run(_ sql: String, rows: String? = nil, queryID: String? = nil, inDatabase: Bool = true) async throws
        -> ByteBuffer
    {
        var parameters: [URLQueryItem] = []
        if inDatabase { parameters.append(URLQueryItem(name: "database", value: url.database)) }
        if let queryID { parameters.append(URLQueryItem(name: "query_id", value: queryID)) }
        // Whole numbers as JSON numbers (ClickHouse quotes 64-bit ones by default); statements
        // of thousands of click IDs (the check before a batch is sent again).
        parameters.append(URLQueryItem(name: "output_format_json_quote_64bit_integers", value: "0"))
        parameters.append(URLQueryItem(name: "max_query_size", value: "16777216"))
        if rows != nil { parameters.append(URLQueryItem(name: "query", value: sql)) }
        var components = URLComponents()
        components.queryItems = parameters
        var request = HTTPClientRequest(url: url.endpoint + (components.percentEncodedQuery.map { "?" + $0 } ?? ""))
        request.method = .POST
        if let user = url.user { request.headers.add(name: "X-ClickHouse-User", value: user) }
        if let password = url.password { request.headers.add(name: "X-ClickHouse-Key", value: password) }
        request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        request.body = .bytes(ByteBuffer(string: rows ?? sql))
        let status: HTTPResponseStatus
        let body: ByteBuffer
        do {
            let response = try await http.execute(request, timeout: .milliseconds(Int64(timeout.timeInterval * 1000)))
            status = response.status
            body = try await response.body.collect(upTo: Self.answerLimit)
        } catch {
            throw ClickHouseError.unreachable(url.endpoint, "\(error)")
        }
        guard status == .ok else {
            let text = String(buffer: body).trimmingCharacters(in: .whitespacesAndNewlines)
            // 516 AUTHENTICATION_FAILED (newer), 192 UNKNOWN_USER, 193 WRONG_PASSWORD (18.16).
            if status == .unauthorized || status == .forbidden
                || ["Code: 516,", "Code: 192,", "Code: 193,"].contains(where: text.hasPrefix)
            {
                throw ClickHouseError.credentials(text)
            }
            throw ClickHouseError.refused(status: Int(status.code), text)
        }
        return body
    }

    /// Runs a `SELECT` and decodes its rows (asked for as `JSONEachRow`).
    package func rows<Row: Decodable>(_ sql: String, as type: Row.Type = Row.self, queryID: String? = nil) async throws
        -> [Row]
    {
        let body = try await run(sql + "\nFORMAT JSONEachRow", queryID: queryID)
        let decoder = JSONDecoder()
        var rows: [Row] = []
        for line in body.readableBytesView.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            do {
                rows.append(try decoder.decode(Row.self, from: Data(line)))
            } catch {
                throw ClickHouseError.malformedAnswer("\(Row.self): \(error)")
            }
        }
        return rows
    }

    /// `text` as a ClickHouse string literal.
    package static func literal(_ text: String) -> String {
        var escaped = "'"
        for character in text.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "'": escaped += "\\'"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\0": escaped += "\\0"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped + "'"
    }
}
