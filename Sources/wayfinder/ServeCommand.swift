import ArgumentParser
import Configuration
import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging

/// `wayfinder serve [--manifest FILE]… [--database URL] [--host H] [--port P]`
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the link service: short links, previews, association files and click stats.",
        discussion: """
            One tenant per manifest; the request's Host picks the tenant. The service hosts the \
            association files of every tenant domain, redirects short links per platform, serves \
            the links API under /api/v1 (make a key with `wayfinder keys create`), /healthz, \
            /readyz and /tls/ask (for Caddy's on-demand TLS), and /metrics on a listener of its \
            own (WAYFINDER_METRICS_ADDRESS, default 127.0.0.1:9464). SIGHUP re-reads every \
            manifest: a good set is served at once, a bad one is refused (logged with `manifest \
            validate`'s diagnostics) and the old set keeps serving. SIGTERM or SIGINT stops it \
            gracefully: pending clicks are written, then it exits 0.

            Every flag can also be set in the environment (flags win):
            \(HelpTable(rows: LinkServiceConfiguration.documentedKeys.map { ($0.environment, $0.meaning) }).rendered())

            Examples:
              wayfinder serve --manifest Examples/storyteller.json
              WAYFINDER_PORT=9000 wayfinder serve --manifest a.json --manifest b.json --database sqlite:/var/lib/wayfinder.sqlite
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(
        help: ArgumentHelp(
            "Address to listen on (default 127.0.0.1: loopback only; 0.0.0.0 for all interfaces).", valueName: "host"))
    var host: String?

    @Option(help: ArgumentHelp("Port to listen on (default 8080).", valueName: "port"))
    var port: Int?

    @Option(
        help: ArgumentHelp(
            "When clicks reach the database: batched (default; a crash loses at most the last flush interval, "
                + "SIGTERM loses nothing) or synchronous (each click written before its answer).",
            valueName: "mode"),
        transform: ServeCommand.clickFlushMode)
    var clickFlush: ClickFlushMode?

    @Option(
        help: ArgumentHelp(
            "Seconds a deferred deep link claim token stays claimable (default 86400).", valueName: "seconds"))
    var deferredLifetime: Int?

    @Option(
        help: ArgumentHelp(
            "MaxMind DB file (GeoLite2-Country or -City) to look visitors' countries up in, for redirect rules' "
                + "country conditions (also WAYFINDER_GEOIP).", valueName: "file"))
    var geoip: String?

    @Flag(
        name: .customLong("print-config"),
        help: "Print the effective configuration, each value with where it came from (secrets hidden), and exit.")
    var printConfig = false

    @Option(
        help: ArgumentHelp(
            "ClickHouse's HTTP interface for click analytics (http://[USER:PASSWORD@]HOST:8123/?database=NAME): "
                + "click events are also sent there and stats read from it; default none.",
            valueName: "url"))
    var clickhouse: String?

    func validate() throws {
        if let deferredLifetime, deferredLifetime < 60 || deferredLifetime > 30 * 86_400 {
            throw ValidationError(
                "--deferred-lifetime must be from 60 to 2592000 seconds (30 days), not \(deferredLifetime)")
        }
    }

    static func clickFlushMode(_ text: String) throws -> ClickFlushMode {
        guard let mode = ClickFlushMode(rawValue: text) else {
            throw ValidationError(
                "--click-flush is \"\(text)\"; use \(ClickFlushMode.allCases.map(\.rawValue).joined(separator: " or "))"
            )
        }
        return mode
    }

    /// What the start-up log says about who can reach the server: loopback only (the default),
    /// and how to listen on every interface; or that it is reachable from the network.
    static func listeningNotice(host: String, port: Int) -> String {
        let loopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        if loopback {
            return
                "listening on \(host):\(port), loopback only: no other machine can reach it. To listen on all interfaces, pass --host 0.0.0.0 (or set WAYFINDER_HOST=0.0.0.0), behind a TLS proxy."
        }
        return
            "listening on \(host):\(port), reachable from the network; put a TLS-terminating proxy in front and set WAYFINDER_TRUSTED_PROXIES to its address."
    }

    /// The manifests read again for a reload (`SIGHUP`), through the same loader as at start-up:
    /// a bad one is refused with `manifest validate`'s diagnostics, each logged as an error.
    static func reloadManifests(_ paths: [String], logger: Logger) throws -> [Manifest] {
        var diagnostics: [String] = []
        do {
            return try CommandInput.manifests(paths, report: { diagnostics.append($0) }).map(\.manifest)
        } catch {
            for line in diagnostics { logger.error("\(line)") }
            throw ManifestReloadError(diagnostics: diagnostics)
        }
    }

    /// The flags given, by the environment variable each overrides.
    var flagsGiven: [String: String] {
        var flags: [String: String] = [:]
        if !store.manifests.isEmpty { flags["WAYFINDER_MANIFEST"] = store.manifests.joined(separator: ",") }
        if let database = store.database { flags["WAYFINDER_DATABASE"] = database }
        if let host { flags["WAYFINDER_HOST"] = host }
        if let port { flags["WAYFINDER_PORT"] = String(port) }
        if let clickFlush { flags["WAYFINDER_CLICK_FLUSH"] = clickFlush.rawValue }
        if let deferredLifetime { flags["WAYFINDER_DEFERRED_LIFETIME_SECONDS"] = String(deferredLifetime) }
        return flags
    }

    func run() async throws {
        var configuration = try store.configuration()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if let clickFlush { configuration.clickFlush = clickFlush }
        if let deferredLifetime { configuration.claimTokenLifetime = .seconds(deferredLifetime) }
        if let geoip { configuration.geoIPPath = geoip }
        if let clickhouse {
            let environment = ProcessInfo.processInfo.environment
            configuration.clickhouse = try ClickHouseURL(
                parsing: clickhouse, user: environment["WAYFINDER_CLICKHOUSE_USER"],
                password: environment["WAYFINDER_CLICKHOUSE_PASSWORD"])
        }
        if printConfig {
            let report = ConfigurationReport(
                flags: flagsGiven, environment: ProcessInfo.processInfo.environment,
                file: try store.configurationFile(),
                effective: configuration.effectiveValues)
            print(report.lines.joined(separator: "\n"))
            return
        }
        guard !configuration.manifestPaths.isEmpty else {
            printError("error: \(TenantError.noTenants)")
            throw ExitCode(1)
        }
        let manifests = try CommandInput.manifests(configuration.manifestPaths).map(\.manifest)
        switch configuration.logFormat {
        case .text:
            LoggingSystem.bootstrap(
                { label, provider in TextLogHandler(label: label, metadataProvider: provider) },
                metadataProvider: RequestLogContext.metadataProvider)
        case .json:
            LoggingSystem.bootstrap(
                { label, provider in JSONLogHandler(label: label, metadataProvider: provider) },
                metadataProvider: RequestLogContext.metadataProvider)
        }
        var logger = Logger(label: "wayfinder")
        logger.logLevel = .info
        let linkStore = try await configuration.database.openStore(postgres: configuration.postgres, logger: logger)
        do {
            let server = try LinkServer(
                configuration: configuration, manifests: manifests, store: linkStore, logger: logger)
            logger.info(
                "wayfinder serving",
                metadata: [
                    "address": "http://\(configuration.host):\(configuration.port)",
                    "tenants": "\(manifests.map(\.id).joined(separator: ","))", "database": "\(configuration.database)",
                    "metrics": "\(configuration.metricsAddress.map { "http://\($0)/metrics" } ?? "off")",
                    "clickhouse": "\(configuration.clickhouse.map(\.description) ?? "none")",
                ])
            logger.notice("\(Self.listeningNotice(host: configuration.host, port: configuration.port))")
            try await server.run(reloadManifests: { [paths = configuration.manifestPaths, logger] in
                try Self.reloadManifests(paths, logger: logger)
            })
            try await linkStore.close()
            logger.notice("wayfinder stopped")
        } catch {
            try? await linkStore.close()
            throw error
        }
    }
}
