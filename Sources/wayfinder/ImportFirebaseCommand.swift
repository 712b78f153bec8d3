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

/// `wayfinder import firebase FILE.csv --tenant ID --manifest FILE [--database URL] [--dry-run] [--json]`
struct ImportFirebaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Import a Firebase Dynamic Links export (CSV) into a tenant's links.",
        discussion: """
            Reads Google's Dynamic Links export: a CSV file with a header row whose columns are \
            named after FDL's parameters (link, apn, afl, amv, ibi, ifl, ius, ipfl, ipbi, isi, \
            imv, efr, ofl, st, sd, si, utm_source, utm_medium, utm_campaign, utm_term, \
            utm_content, at, ct, mt, pt) plus short_link and link_name; short_link and link are \
            required. The short link's path becomes the slug, so the old URL keeps working once \
            its domain points at Wayfinder. Every row is checked like an API create; a bad row is \
            reported with the line it starts on and the reason, the others are imported. Running \
            it again imports nothing twice.

            Exit status: 0 when every row was imported or already present; 1 when any row \
            failed; 2 when nothing could be imported (unreadable file, missing required column, \
            unknown tenant or invalid manifest): nothing was written then.

            Example:
              wayfinder import firebase links.csv --tenant storyteller \\
                --manifest Examples/storyteller.json --dry-run
            """
    )

    @Argument(help: ArgumentHelp("The CSV export.", valueName: "file"), completion: .file(extensions: ["csv"]))
    var file: String

    @Option(help: ArgumentHelp("The tenant (manifest id) the links belong to.", valueName: "id"))
    var tenant: String

    @OptionGroup var store: StoreOptions

    @Flag(help: "Check and report every row, write nothing.")
    var dryRun = false

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    func run() async throws {
        let manifest = try stopping { try loadManifest() }
        let bytes = try stopping { try CommandInput.bytes(file) }
        let configuration = try stopping { try store.configuration() }
        let (linkStore, cleanup) = try await openStore(configuration.database)
        let report: FirebaseImportReport
        do {
            let importer = try FirebaseImport(manifest: manifest, store: linkStore)
            let progress = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
            report = try await importer.run(csv: bytes, dryRun: dryRun) { rows, fraction in
                progress.show(rows: rows, fraction: fraction)
            }
            progress.finish()
            try await linkStore.close()
            cleanup()
        } catch let error as FirebaseImportError {
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

/// A progress line on standard error, rewritten in place, only on a terminal.
final class ProgressLine: Sendable {
    let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(rows: Int, fraction: Double) {
        guard enabled else { return }
        let percent = Int((fraction * 100).rounded(.down))
        FileHandle.standardError.write(Data("\r\(rows) rows read (\(percent) %)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
