import ArgumentParser
import AssociatedDomains
import DeepLinkRouting
import Foundation
import LinkService
import NIOCore
import NIOSSL

/// `wayfinder check HOST[:PORT] [--manifest FILE] [--ca-certificate PEM] [--resolve HOST:PORT:ADDRESS]…
/// [--timeout S] [--apple-cdn] [--json]`
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check how a domain serves its apple-app-site-association and assetlinks.json.",
        discussion: """
            Fetches /.well-known/apple-app-site-association, /apple-app-site-association and \
            /.well-known/assetlinks.json over HTTPS without following redirects, and judges each \
            rule: valid TLS, no redirect, status 200, content type, at most 128 KB, parses, \
            validates (a CMS-signed file is unwrapped first and its signature checked). With --manifest it also reports drift: the app IDs, routes, excludes and \
            Android package, fingerprints and dynamic App Links rules the app expects versus what \
            the domain serves, and, when the host is one of the manifest's domains, checks \
            /.well-known/assetlinks.json on every other domain of the manifest too (on the same \
            port; a wildcard domain's file on its parent). \
            assetlinks.json may weigh up to 1 MiB (Android's statement service reads no more). With \
            --apple-cdn it asks Apple's CDN what it holds and compares that with the origin. \
            --resolve HOST:PORT:ADDRESS (as curl spells it; repeat it for each domain) connects to \
            ADDRESS for HOST on PORT, still checking the certificate for HOST: a new deployment can \
            be checked before DNS points at it.

            Prints one line per rule (✓ pass, ✗ fail, ! warning, ? not checked) and a fix under \
            every line that is not a pass. Exits 0 when everything is right (warnings allowed), \
            1 when problems were found, 2 when the check could not be made (DNS failure, \
            connection refused, timeout, bad arguments).

            Examples:
              wayfinder check stories.example.com --manifest Examples/storyteller.json
              wayfinder check stories.example.com --apple-cdn --json
              wayfinder check 127.0.0.1:8443 --ca-certificate dev-ca.pem --timeout 2
              wayfinder check stories.example.com --manifest Examples/storyteller.json \\
                --resolve stories.example.com:443:203.0.113.7 --resolve share.stories.example.com:443:203.0.113.7
            """
    )

    @Argument(help: "The host to check, optionally with a port: example.com or 127.0.0.1:8443.")
    var target: String

    @Option(
        help: "An app manifest (wayfinder.json) to compare the served files with.",
        completion: .file(extensions: ["json"]))
    var manifest: String?

    @Option(
        name: .customLong("ca-certificate"),
        help: "Trust only this CA certificate (PEM) instead of the system trust store.",
        completion: .file(extensions: ["pem", "crt"]))
    var caCertificate: String?

    @Option(
        help: ArgumentHelp(
            "Connect to ADDRESS for HOST on PORT instead of asking DNS (as curl's --resolve); repeat for each domain.",
            valueName: "host:port:address"))
    var resolve: [String] = []

    @Option(help: "Seconds to wait for each request.")
    var timeout: Double = 10

    @Flag(
        name: .customLong("apple-cdn"),
        help: "Also fetch Apple's CDN copy of the AASA and compare it with the origin's.")
    var appleCDN = false

    /// Where Apple's CDN is; tests point it at a local server.
    @Option(name: .customLong("apple-cdn-url"), help: .hidden)
    var appleCDNURL = "https://app-site-association.cdn-apple.com/a/v1/"

    @Flag(help: "Print one JSON object per rule and a summary object, one per line.")
    var json = false

    func run() async throws {
        let target: CheckTarget
        let overrides: [ResolveOverride]
        do {
            target = try CheckTarget(parsing: self.target)
            overrides = try resolve.map { text throws(CheckTargetError) in try ResolveOverride(parsing: text) }
        } catch {
            throw couldNotCheck(error.description)
        }
        guard timeout > 0, timeout.isFinite else {
            throw couldNotCheck("--timeout must be a positive number of seconds, such as 10 or 0.5")
        }
        let manifest = try loadManifest()
        let trustRoots = try loadTrustRoots()

        let fetcher = HostingFetcher(
            trustRoots: trustRoots?.certificates, timeout: .nanoseconds(Int64(timeout * 1_000_000_000)),
            resolve: ResolveOverride.map(overrides, port: target.port ?? 443),
            userAgent: "wayfinder-check/\(WayfinderVersion.current)")
        // Android verifies every host of the app's intent filters, each with its own
        // assetlinks.json (a wildcard host with the file of its parent domain), on the same port.
        let port = target.port.map { ":\($0)" } ?? ""
        // The CA trusted for TLS is also the one a signed AASA's certificate must chain to.
        let (fetched, items) = await HostingInspection(fetcher: fetcher, appleCDNBase: appleCDN ? appleCDNURL : nil)
            .inspect(
                host: target.host, origin: target.origin, manifest: manifest, signingTrustRootsPEM: trustRoots?.pem,
                otherDomainOrigin: { "https://\($0)\(port)" })
        await fetcher.shutdown()
        let report = CheckReport(target: target, fetched: fetched, items: items)
        if json { report.printJSON() } else { report.printChecklist() }
        if report.isIncomplete {
            let message = report.incompleteMessage
            FileHandle.standardError.write(Data("wayfinder check: \(message)\n".utf8))
        }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    private func loadManifest() throws -> Manifest? {
        guard let manifest else { return nil }
        guard let data = FileManager.default.contents(atPath: manifest) else {
            throw couldNotCheck("cannot read the manifest \(manifest): no such file, or it is not readable")
        }
        // A manifest that does not load means the domain could not be checked: exit 2, as for
        // every other reason the check could not run.
        return try CommandInput.manifest(data, path: manifest, failureStatus: 2).manifest
    }

    private func loadTrustRoots() throws -> (certificates: [NIOSSLCertificate], pem: String)? {
        guard let caCertificate else { return nil }
        guard let data = FileManager.default.contents(atPath: caCertificate) else {
            throw couldNotCheck("cannot read the CA certificate \(caCertificate): no such file, or it is not readable")
        }
        do {
            let certificates = try NIOSSLCertificate.fromPEMBytes(Array(data))
            guard !certificates.isEmpty else { throw NIOSSLError.failedToLoadCertificate }
            return (certificates, String(decoding: data, as: UTF8.self))
        } catch {
            throw couldNotCheck(
                "\(caCertificate) holds no PEM certificate (\"-----BEGIN CERTIFICATE-----\" blocks expected)")
        }
    }

    /// Prints `message` on standard error and answers the "could not check" exit status.
    private func couldNotCheck(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("wayfinder check: \(message)\n".utf8))
        return ExitCode(2)
    }
}
