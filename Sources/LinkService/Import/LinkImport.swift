import DeepLinkRouting
import Foundation
import LinkCore

/// Imports another service's export into a tenant's links: the one importer every source shares
/// (a source is an ``ImportFormat``, a mapping of its rows to link creates).
///
/// The file is checked first, streaming and without writing: its encoding (UTF-8), its format
/// (a missing required column is named; another source's export is recognised and named), and the
/// length of every row. Any of those stops the import before anything is written
/// (``ImportError``). Then each row is mapped and checked by ``LinkCreator`` exactly as
/// `POST /api/v1/links` checks a body; a bad row is reported with the line it starts on and the
/// reason, and the other rows are imported. Rows are written through the store's batched
/// `insertLinks`, ``batchSize`` rows at a time. A slug that already has the same link is "already
/// present" (so a second run changes nothing); a slug with another link is an error for that row,
/// and the existing link is left as it is. A dry run reads the store but writes nothing. Memory
/// stays flat in the file's size: only a batch of rows is held at a time.
package struct LinkImport: Sendable {
    package let tenant: Tenant
    package let store: any LinkStore
    package let format: any ImportFormat
    /// The domain for rows that name none.
    package let domain: String
    /// Rows per `insertLinks` call (the store writes them in statements of 100 rows).
    package var batchSize = 1_000

    /// An import of `format` for the tenant of `manifest`; `domain` (when given) must be one of
    /// the tenant's domains.
    package init(manifest: Manifest, store: any LinkStore, format: any ImportFormat, domain: String? = nil) throws {
        tenant = try Tenant.make(from: manifest)
        self.store = store
        self.format = format
        if let domain {
            guard tenant.manifest.domains.contains(domain.lowercased()) else {
                throw ImportError.unknownDomain(domain, tenant: tenant)
            }
            self.domain = domain.lowercased()
        } else {
            self.domain = tenant.defaultDomain
        }
    }

    /// How far an import has come: rows read, the fraction of the file read (0 to 1).
    package typealias Progress = @Sendable (_ rows: Int, _ fraction: Double) -> Void

    /// Checks `input`, then imports (or, with `dryRun`, only checks) every row.
    package func run(_ input: ImportInput, dryRun: Bool, progress: Progress? = nil) async throws -> ImportReport {
        try await run(Self.check(input, as: format), dryRun: dryRun, progress: progress)
    }

    /// Imports (or, with `dryRun`, only checks) the rows of an input ``check(_:as:)`` passed.
    package func run(_ rows: ImportRows, dryRun: Bool, progress: Progress? = nil) async throws -> ImportReport {
        var rows = rows
        var report = ImportReport(dryRun: dryRun)
        report.unknownColumns = rows.unknownColumns
        let context = ImportContext(tenant: tenant, domain: domain)
        var batch: [Row] = []
        while let next = rows.next() {
            let row: ImportRow
            switch next {
            case .failure(let failure):
                report.rows += 1
                report.failures.append(failure)
                continue
            case .success(let read):
                row = read
            }
            report.rows += 1
            switch candidate(row, in: context) {
            case .success(let candidate):
                report.warnings += candidate.warnings
                batch.append(candidate)
            case .failure(let failure):
                report.failures.append(failure)
            }
            if batch.count >= batchSize {
                try await flush(&batch, dryRun: dryRun, into: &report)
                progress?(report.rows, rows.fractionRead)
            }
        }
        try await flush(&batch, dryRun: dryRun, into: &report)
        progress?(report.rows, 1)
        report.failures.sort { $0.line < $1.line }
        return report
    }

    /// A row that passed every check, ready to be written.
    struct Row {
        var line: Int
        var label: String
        var link: Link
        var clicks: Int?
        var warnings: [ImportReport.Warning]
    }

    private func candidate(_ row: ImportRow, in context: ImportContext) -> Result<Row, ImportReport.Failure> {
        let candidate: ImportCandidate
        switch format.candidate(row, in: context) {
        case .failure(let problem):
            return .failure(.init(line: row.line, shortLink: problem.label, reason: problem.reason))
        case .success(let found):
            candidate = found
        }
        do {
            try LinkCreator(store: store).check(candidate.request, for: tenant)
        } catch {
            return .failure(.init(line: row.line, shortLink: candidate.label, reason: format.reason(for: error)))
        }
        guard let slug = candidate.request.slug else {
            return .failure(.init(line: row.line, shortLink: candidate.label, reason: "the row names no slug"))
        }
        let now = Date().truncatedToMilliseconds
        var link = Link(
            id: UUID().uuidString.lowercased(), tenant: tenant.id, domain: candidate.request.domain ?? domain,
            slug: slug, content: candidate.request.content, createdAt: now, updatedAt: now)
        link.importedClicks = candidate.clicks ?? 0
        return .success(
            Row(
                line: row.line, label: candidate.label, link: link, clicks: candidate.clicks,
                warnings: candidate.warnings))
    }

    /// Writes (or, in a dry run, looks up) a batch and counts each row.
    private func flush(_ batch: inout [Row], dryRun: Bool, into report: inout ImportReport) async throws {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        var outcomes: [RowOutcome] = []
        if dryRun {
            var planned: [String: ImportReport.PlannedLink] = [:]
            let stored = try await store.links(
                tenant: tenant.id, slugs: batch.map(\.link.slug).filter { report.plannedSlugs[$0] == nil })
            for row in batch {
                let slug = row.link.slug
                let wanted = ImportReport.PlannedLink(row.link)
                if let earlier = report.plannedSlugs[slug] ?? planned[slug] {
                    outcomes.append(
                        earlier.domain == wanted.domain && earlier.contentHash == wanted.contentHash
                            ? .present : .slugHeld(destination: earlier.destination))
                } else if let existing = stored[slug] {
                    outcomes.append(Self.outcome(.slugTaken(existing: existing), for: row.link))
                } else {
                    planned[slug] = wanted
                    outcomes.append(.written)
                }
            }
            report.plannedSlugs.merge(planned) { first, _ in first }
        } else {
            outcomes = try await zip(batch, store.insertLinks(batch.map(\.link))).map { row, result in
                Self.outcome(result, for: row.link)
            }
        }
        for (row, outcome) in zip(batch, outcomes) {
            switch outcome {
            case .written:
                report.imported += 1
                report.importedClicks += row.clicks ?? 0
            case .present:
                report.alreadyPresent += 1
            case .slugHeld(let destination):
                report.failures.append(
                    .init(
                        line: row.line, shortLink: row.label,
                        reason:
                            "the slug \"\(row.link.slug)\" already has a link with other settings (to \(destination)); it is left as it is"
                    ))
            }
        }
    }

    /// What became of a row: written, the same link already there, or the slug held by another
    /// link (named by its destination).
    private enum RowOutcome {
        case written
        case present
        case slugHeld(destination: String)
    }

    private static func outcome(_ insertion: LinkInsertion, for link: Link) -> RowOutcome {
        switch insertion {
        case .inserted: .written
        case .slugTaken(let existing) where existing.domain == link.domain && existing.content == link.content:
            .present
        case .slugTaken(let existing): .slugHeld(destination: existing.content.destination)
        }
    }
}
