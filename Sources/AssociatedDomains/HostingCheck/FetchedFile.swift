/// What came back when one hosted file was requested: the response exactly as the server sent
/// it (redirects are never followed), or why there was none.
///
/// The fetching lives in the `wayfinder` executable, which owns the HTTP client; this value is
/// what ``HostingCheck`` judges, so the rules can be tested without a network.
public struct FetchedFile: Sendable, Hashable {
    /// Which of the hosted files this is.
    public var file: HostedFile
    /// The URL that was requested.
    public var url: String
    /// The response, or why there was none.
    public var outcome: Outcome

    /// A response or a failure.
    public enum Outcome: Sendable, Hashable {
        /// The server answered (with any status, including a redirect).
        case response(Response)
        /// No response: DNS, connection, TLS or time limit.
        case failed(FetchFailure)
    }

    /// One HTTP response, headers and (possibly cut short) body.
    public struct Response: Sendable, Hashable {
        /// The HTTP status code, such as 200 or 301.
        public var status: Int
        /// Header fields in the order received; names as sent.
        public var headers: [(name: String, value: String)]
        /// The body bytes, at most the fetcher's reading limit.
        public var body: [UInt8]
        /// The body's real length when the fetcher stopped reading early (it was larger than
        /// anything worth judging); `nil` when `body` is all of it.
        public var fullLength: Int?

        /// A response from its parts; `fullLength` only when `body` was cut short.
        public init(
            status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], fullLength: Int? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.fullLength = fullLength
        }

        /// The first value of the header `name` (compared case-insensitively).
        public func header(_ name: String) -> String? {
            let lowered = name.lowercased()
            return headers.first { $0.name.lowercased() == lowered }?.value
        }

        /// The body's size in bytes, even when it was not read to the end.
        public var size: Int { fullLength ?? body.count }

        /// Whether two responses have the same status, headers (in order), body and full length.
        public static func == (lhs: Response, rhs: Response) -> Bool {
            lhs.status == rhs.status && lhs.body == rhs.body && lhs.fullLength == rhs.fullLength
                && lhs.headers.map(\.name) == rhs.headers.map(\.name)
                && lhs.headers.map(\.value) == rhs.headers.map(\.value)
        }

        /// Hashes the status, body and headers, consistently with `==`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(status)
            hasher.combine(body)
            for (name, value) in headers {
                hasher.combine(name)
                hasher.combine(value)
            }
        }
    }

    /// What came back for `file`, requested at `url`.
    public init(file: HostedFile, url: String, outcome: Outcome) {
        self.file = file
        self.url = url
        self.outcome = outcome
    }
}
