import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage

extension LinkServer {
    /// What the metrics listener answers to `GET /metrics`, asked of its router (no socket).
    package func metricsText() async throws -> String {
        try await Application(router: makeMetricsRouter()).test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get).text
        }
    }
}
