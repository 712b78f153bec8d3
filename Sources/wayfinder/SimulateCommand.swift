import ArgumentParser
import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import LinkStorage

/// `wayfinder simulate URL… --manifest FILE… [--database URL] [--json]`
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Show what a short link does for each kind of visitor, before anyone taps it.",
        discussion: """
            Reads the link from the store (nothing is served, no click is recorded) and, for each \
            kind of visitor, prints what the server answers, what the device does next and where \
            the visitor lands, with warnings that name what will go wrong and how to fix it. The \
            contexts are ios-safari, ios-in-app (one row per in-app browser whose answer differs, \
            or one standing for all), ios-messages, android-chrome, android-in-app, desktop and \
            crawler, each with the app installed and not where the manifest has that app.

            The answer comes from the code a real visit goes through, with a representative \
            User-Agent per context; what the device does next from Wayfinder's AASA and \
            assetlinks matching of the files the server serves for the link's domain; where the \
            app lands from the manifest's router (as `wayfinder route` resolves the destination). \
            `claim` says whether a real visit would get a deferred deep link claim token; none is \
            made. The same rows are `GET /api/v1/links/{slug}/simulate`, the console's "Test this \
            link" and the link's ?d=1 page.

            The URL's host picks the tenant (one of its manifest's domains) and its path the link \
            (under a link path prefix too).

            Exit status: 0 when every URL was simulated; 1 when some URL names no link (each is \
            reported on standard error, the others are simulated); 2 when nothing could be \
            simulated (a manifest or the database cannot be read).

            Examples:
              wayfinder simulate https://go.example.com/spring --manifest wayfinder.json
              wayfinder simulate https://go.example.com/spring --manifest wayfinder.json \\
                --database sqlite:/var/lib/wayfinder.sqlite --json
            """
    )

    @OptionGroup var store: StoreOptions

    @Flag(help: "Print one JSON object per URL, one per line: {\"shortURL\", \"destination\", \"rows\": […]}.")
    var json = false

    @Argument(help: "Short links to simulate (https://<domain>/<slug>).")
    var urls: [String]

    func run() async throws {
        let tenants: TenantSet
        let linkStore: any LinkStore
        do {
            let configuration = try store.configuration()
            guard !configuration.manifestPaths.isEmpty else {
                printError("error: \(TenantError.noTenants)")
                throw ExitCode(2)
            }
            let manifests = try TenantSet(
                manifests: try CommandInput.manifests(configuration.manifestPaths).map(\.manifest))
            linkStore = try await configuration.database.openStore()
            // Runtime domains the store has verified answer too, as on the server.
            let directory = TenantDirectory(manifests)
            directory.serveVerified(try await linkStore.domains(tenant: nil))
            tenants = directory.served
        } catch let exit as ExitCode where exit != .success {
            throw ExitCode(2)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        var missing = false
        do {
            for url in urls {
                guard let (tenant, link) = try await Self.link(url, tenants: tenants, store: linkStore) else {
                    missing = true
                    continue
                }
                let simulation = LinkSimulation(tenant: tenant, link: link, now: Date())
                let rows = try await simulation.rows()
                if json {
                    print(simulation.json(rows).jsonText(style: .compact))
                } else {
                    print(Self.text(url: url, destination: link.content.destination, rows: rows))
                }
            }
            try await linkStore.close()
        } catch {
            try? await linkStore.close()
            printError("error: \(error)")
            throw ExitCode(2)
        }
        if missing { throw ExitCode(1) }
    }

    /// The tenant and stored link `url` names; `nil` (reported) when it names none.
    private static func link(_ url: String, tenants: TenantSet, store: any LinkStore) async throws -> (Tenant, Link)? {
        guard let parsed = WebURL(http: url) else {
            printError("\(url): not an http(s) URL; give the short link, such as https://go.example.com/spring")
            return nil
        }
        guard let tenant = tenants.tenant(forHost: parsed.host) else {
            let domains = tenants.all.flatMap(\.domains).sorted().joined(separator: ", ")
            printError("\(url): \(parsed.host) is none of the manifests' domains (\(domains))")
            return nil
        }
        let path = tenant.pathUnderLinkPrefix(parsed.path, host: parsed.host) ?? parsed.path
        let slug = String(path.drop { $0 == "/" })
        guard SlugRules.isWellFormed(slug), let link = try await store.link(tenant: tenant.id, slug: slug) else {
            printError("\(url): \(tenant.id) has no link \"\(slug)\" (the console's Links page lists them)")
            return nil
        }
        return (tenant, link)
    }

    /// The rows for people: one block per row.
    static func text(url: String, destination: String, rows: [LinkSimulation.Row]) -> String {
        var lines = ["\(url) → \(destination)"]
        for row in rows {
            let visitor = [row.context.rawValue, row.app, row.appInstalled ? "app installed" : "no app"]
                .compactMap { $0 }.joined(separator: ", ")
            let answer =
                row.answer.location.map { "\(row.answer.status) \($0)" }
                ?? "\(row.answer.status) \(row.answer.page ?? "page")"
            lines.append("")
            lines.append("  \(visitor)")
            lines.append("    answer: \(answer)\(row.claim ? " (with a claim token)" : "")")
            lines.append("    next:   \(row.next)")
            lines.append("    lands:  \(SimulationTable.landing(row.lands))")
            for warning in row.warnings { lines.append("    warning: \(warning)") }
        }
        return lines.joined(separator: "\n")
    }
}
