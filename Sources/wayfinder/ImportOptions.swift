import ArgumentParser
import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import LinkStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What every `wayfinder import SOURCE` takes, and the one way an import runs.
struct ImportOptions: ParsableArguments {
    /// A source's `--help` text: what it reads (`source`), then what every import does and its
    /// exit status.
    static func discussion(_ source: String) -> String {
        source + """
             Every row is checked like an API create; a bad row is reported with its line and \
            the reason, the others are imported. Running it again imports nothing twice.

            Exit status: 0 when every row was imported or already present; 1 when any row \
            failed; 2 when nothing could be imported (no such file, not UTF-8, another \
            format, missing required column, a row too long, unknown tenant or invalid \
            manifest): nothing was written then.
            """
    }

    @Argument(help: ArgumentHelp("The export file.", valueName: "file"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("The tenant (manifest id) the links belong to.", valueName: "id"))
    var tenant: String

    @Option(
        help: ArgumentHelp(
            "The domain for links whose row names none (default: the tenant's first domain).", valueName: "domain"))
    var domain: String?

    @OptionGroup var store: StoreOptions

    @Flag(help: "Check and report every row, write nothing.")
    var dryRun = false

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    /// Imports `file` as `format`: the report on standard output; exit 1 when a row failed, 2
    /// when nothing could be imported (nothing was written then).
    func run(_ format: any ImportFormat) async throws {
        let manifest = try stopping { try loadManifest() }
        let configuration = try stopping { try store.configuration() }
        // The file is checked before the store is opened: a file that cannot be imported leaves
        // no trace, not even a new database file.
        let rows: ImportRows
        do {
            rows = try LinkImport.check(.file(file), as: format)
        } catch {
            printError("\(file): \(error)")
            throw ExitCode(2)
        }
        let (linkStore, cleanup) = try await openStore(configuration.database)
        let report: ImportReport
        do {
            let importer = try LinkImport(manifest: manifest, store: linkStore, format: format, domain: domain)
            let progress = ProgressLine(terminal: isatty(STDERR_FILENO) == 1)
            report = try await importer.run(rows, dryRun: dryRun) { rows, fraction in
                progress.show(rows: rows, fraction: fraction)
            }
            progress.finish(rows: report.rows)
            if !dryRun, report.imported > 0 {
                try await linkStore.appendAudit(
                    AuditEntry(
                        tenant: manifest.id, time: Date(), actor: "operator", action: .linksImported,
                        target: "import:" + format.name,
                        changes: [AuditChange(field: "imported", before: nil, after: String(report.imported))]))
            }
            try await linkStore.close()
            cleanup()
        } catch let error as ImportError {
            try? await linkStore.close()
            cleanup()
            printError("\(file): \(error)")
            throw ExitCode(2)
        } catch {
            try? await linkStore.close()
            cleanup()
            throw error
        }
        if json {
            print(report.json)
        } else {
            for line in report.lines { print(line) }
        }
        if report.failed > 0 { throw ExitCode(1) }
    }

    /// The manifest whose id is `--tenant`, loaded as every command loads one.
    private func loadManifest() throws -> Manifest {
        let paths = try store.configuration().manifestPaths
        let manifests = try paths.map { try CommandInput.manifest($0, failureStatus: 2).manifest }
        guard let manifest = manifests.first(where: { $0.id == tenant }) else {
            let ids = manifests.map(\.id)
            printError(
                ids.isEmpty
                    ? "error: pass the tenant's manifest with --manifest FILE"
                    : "error: no manifest has the id \"\(tenant)\"; the manifests given are: \(ids.joined(separator: ", "))"
            )
            throw ExitCode(2)
        }
        return manifest
    }

    /// Runs `body`; a failure there means nothing was imported: exit 2.
    private func stopping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode where exit != .success {
            throw ExitCode(2)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
    }

    /// The store to import into. A dry run on an SQLite file that does not exist yet reads an
    /// empty temporary store instead, so that it creates no file.
    private func openStore(_ database: DatabaseURL) async throws -> (any LinkStore, () -> Void) {
        if dryRun, case .sqlite(let path) = database, !FileManager.default.fileExists(atPath: path) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "wayfinder-dry-run-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try await SQLiteLinkStore.open(path: directory.appendingPathComponent("empty.sqlite").path)
            return (store, { try? FileManager.default.removeItem(at: directory) })
        }
        do {
            return (try await database.openStore(), {})
        } catch {
            printError("error: cannot open \(database): \(error)")
            throw ExitCode(2)
        }
    }
}
