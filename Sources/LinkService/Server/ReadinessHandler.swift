import Hummingbird
import LinkCore
import LinkStorage
import Logging
import NIOCore

/// `GET /readyz`, for load balancers and orchestration: `200` when the database answers and its
/// schema is the one this build migrates to, `503` otherwise. `/healthz` stays the liveness check
/// (the process answers), which does not touch the database.
package struct ReadinessHandler: Sendable {
    /// The store behind the cache (a cached answer would say nothing about the database).
    package let store: any LinkStore
    package let logger: Logger

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        router.get("/readyz") { _, _ in await respond() }
    }

    package func respond() async -> Response {
        guard let versioned = store as? any SchemaVersioning else {
            return Response.text("ready\n", status: .ok)  // the memory store: no database to wait for
        }
        let latest = type(of: versioned).latestSchemaVersion
        do {
            let version = try await versioned.schemaVersion()
            guard version == latest else {
                return Response.text(
                    "not ready: the database schema is at version \(version), this build needs \(latest)\n",
                    status: .serviceUnavailable)
            }
            return Response.text("ready\n", status: .ok)
        } catch {
            logger.warning("readiness check: the database does not answer", metadata: ["error": "\(error)"])
            return Response.text("not ready: the database does not answer\n", status: .serviceUnavailable)
        }
    }

}
