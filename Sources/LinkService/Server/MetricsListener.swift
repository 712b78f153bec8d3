import Hummingbird
import ServiceLifecycle

/// The metrics listener as a service whose refused `bind` is a ``ListenerError`` naming its
/// address and setting.
struct MetricsListener<Listening: ApplicationProtocol>: Service {
    let application: Listening
    let address: ListenAddress

    func run() async throws {
        do {
            try await application.run()
        } catch {
            throw ListenerError(error, listener: .metrics, address: "\(address)") ?? error
        }
    }
}
