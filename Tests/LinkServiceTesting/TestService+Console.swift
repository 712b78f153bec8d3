import HTTPTypes
import HummingbirdTesting
import LinkService

extension TestService {
    /// Runs `body` with a console browser signed in with a key of `tenant` on a new service
    /// (through its router), given the service and the key; the service is closed afterwards,
    /// also when `body` throws. `headers` go with every request of the browser (a `Host`).
    package static func withConsole(
        tenant: String = "storyteller", headers: HTTPFields = [:],
        _ body: @Sendable (inout ConsoleClient, TestService, String) async throws -> Void
    ) async throws {
        let service = try await make()
        let key = try await service.key(for: tenant)
        do {
            try await service.server.makeApplication().test(.router) { client in
                var console = ConsoleClient(client)
                console.extraHeaders = headers
                try await console.signIn(key)
                try await body(&console, service, key)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }
}
