import LinkCore
import Logging
import ServiceLifecycle
import UnixSignals

/// Re-reads every manifest when the process gets `SIGHUP` (`systemctl reload`) and hands the new
/// set to the server, which takes it whole or keeps the old one (``LinkServer/reload(using:)``).
package struct ManifestReloader: Service {
    package let reload: @Sendable () async -> Void
    package let logger: Logger

    package func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        logger.info("SIGHUP reloads the manifests")
        for await _ in hangups.cancelOnGracefulShutdown() {
            await reload()
        }
    }
}
