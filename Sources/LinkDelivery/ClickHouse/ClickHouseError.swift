import DeepLinkRouting
import LinkCore

/// Why the analytics engine (ClickHouse) could not be used.
///
/// Match on ``code``; ``message`` says what to do. At start these stop the server (a configured
/// engine that cannot be used is a mistake to fix, not to run past); later, sends are retried and
/// stats fall back to the rollups.
package struct ClickHouseError: CodedError, Hashable {
    /// A stable kind of analytics engine error.
    package typealias Code = ErrorCode<ClickHouseError>

    package let code: Code
    /// The specific cause: ClickHouse's own message, the version found, the network error.
    package let detail: String
    package let message: String

    /// A `--clickhouse` URL that cannot be used, and why.
    package static func invalidURL(_ url: String, _ why: String) -> Self {
        Self(code: .invalidURL, detail: why, message: "invalid ClickHouse URL \"\(url)\": \(why)")
    }

    /// Nothing answered at the endpoint, or not in time.
    package static func unreachable(_ endpoint: String, _ why: String) -> Self {
        Self(
            code: .unreachable, detail: why,
            message:
                "ClickHouse at \(endpoint) cannot be reached (\(why)): start it, or check --clickhouse / WAYFINDER_CLICKHOUSE_URL"
        )
    }

    /// A server older than the oldest release this build was tested with.
    package static func tooOld(_ version: String) -> Self {
        Self(
            code: .tooOld, detail: version,
            message:
                "ClickHouse \(version) is too old: wayfinder needs \(ClickHouseSchema.oldestVersion.map(String.init).joined(separator: ".")) or newer (Debian 12's clickhouse-server 18.16 works)"
        )
    }

    /// ClickHouse refused the user name or password.
    package static func credentials(_ why: String) -> Self {
        Self(
            code: .credentials, detail: why,
            message:
                "ClickHouse refused the credentials (\(why)): give the user and password in the URL (http://USER:PASSWORD@HOST:8123/) or in WAYFINDER_CLICKHOUSE_USER / WAYFINDER_CLICKHOUSE_PASSWORD"
        )
    }

    /// ClickHouse answered a statement with an error (its HTTP status and message).
    package static func refused(status: Int, _ why: String) -> Self {
        Self(code: .refused, detail: why, message: "ClickHouse answered \(status): \(why)")
    }

    /// An answer that is not what the statement asks for.
    package static func malformedAnswer(_ why: String) -> Self {
        Self(code: .malformedAnswer, detail: why, message: "ClickHouse's answer could not be read: \(why)")
    }

    /// Whether ClickHouse may have carried the statement out although the answer said otherwise
    /// (a timeout, a dropped connection): an insert must then be checked before it is sent again.
    package var mayHaveRun: Bool { code == .unreachable }
}

extension ErrorCode where Owner == ClickHouseError {
    /// A `--clickhouse` URL that cannot be used.
    package static let invalidURL = Self("invalid-clickhouse-url")
    /// Nothing answered at the endpoint, or not in time.
    package static let unreachable = Self("clickhouse-unreachable")
    /// A server older than the oldest supported release.
    package static let tooOld = Self("clickhouse-too-old")
    /// ClickHouse refused the user name or password.
    package static let credentials = Self("clickhouse-credentials")
    /// ClickHouse answered a statement with an error.
    package static let refused = Self("clickhouse-refused")
    /// An answer that is not what the statement asks for.
    package static let malformedAnswer = Self("clickhouse-malformed-answer")
}
