import DeepLinkRouting
import Foundation
import LinkCore

/// Imports Google's Firebase Dynamic Links export (CSV) into a tenant's links, so that every
/// short link already printed or shared keeps working once its domain points at Wayfinder.
///
/// Columns are named after FDL's parameters (`link`, `apn`, `ifl`, …, see
/// `FirebaseLinkParameters`) plus `short_link` and `link_name`, matched case-insensitively;
/// `short_link` and `link` are required, an unknown column is reported once and ignored. The short
/// link's path becomes the slug (after a link path prefix the manifest declares for its domain).
/// Each row is checked by ``LinkCreator``, exactly as `POST /api/v1/links` checks a body; a bad
/// row is reported with the line it starts on and the reason, and the other rows are imported.
/// Rows are written in batches, one transaction each. A slug that already has the same link is
/// "already present" (so a second run changes nothing); a slug with another link is an error for
/// that row, and the existing link is left as it is. A dry run reads the store but writes nothing.
package struct FirebaseImport: Sendable {
    package let tenant: Tenant
    package let store: any LinkStore
    /// Rows per transaction.
    package var batchSize = 1_000

    /// Columns other than the FDL parameters.
    package static let shortLinkColumn = "short_link"
    package static let nameColumn = "link_name"
    package static let requiredColumns = [shortLinkColumn, "link"]

    package init(manifest: Manifest, store: any LinkStore) throws {
        tenant = try Tenant.make(from: manifest)
        self.store = store
    }

    /// Reads `csv` and imports (or, with `dryRun`, only checks) every row. `progress` is called
    /// now and then with the rows read so far and the fraction of the file read.
    package func run(
        csv: [UInt8], dryRun: Bool, progress: (@Sendable (_ rows: Int, _ fraction: Double) -> Void)? = nil
    ) async throws -> FirebaseImportReport {
        var reader = CSVReader(csv)
        var report = FirebaseImportReport(dryRun: dryRun)
        let header: CSVRecord
        switch reader.nextResult() {
        case nil: throw FirebaseImportError.emptyFile
        case .failure(let error): throw FirebaseImportError.unreadableHeader(error)
        case .success(let record): header = record
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let missing = Self.requiredColumns.filter { !columns.contains($0) }
        guard missing.isEmpty else { throw FirebaseImportError.missingColumns(missing, found: header.fields) }
        let known = Set(FirebaseLinkParameters.names + [Self.shortLinkColumn, Self.nameColumn])
        var seenUnknown: Set<String> = []
        for (index, column) in columns.enumerated() where !known.contains(column) {
            if seenUnknown.insert(column).inserted { report.unknownColumns.append(header.fields[index]) }
        }

        var batch: [Row] = []
        var rows = 0
        while let next = reader.nextResult() {
            let record: CSVRecord
            switch next {
            case .failure(let error):
                report.failures.append(.init(line: error.line, shortLink: nil, reason: error.message))
                continue
            case .success(let read):
                record = read
            }
            rows += 1
            switch row(record, columns: columns) {
            case .success(let row):
                report.warnings += row.warnings
                batch.append(row)
            case .failure(let failure):
                report.failures.append(failure)
            }
            if batch.count >= batchSize {
                try await flush(&batch, dryRun: dryRun, into: &report)
                progress?(rows, reader.fractionRead)
            }
        }
        try await flush(&batch, dryRun: dryRun, into: &report)
        progress?(rows, 1)
        report.failures.sort { $0.line < $1.line }
        return report
    }

    /// A row that passed every check, ready to be written.
    package struct Row {
        package var line: Int
        package var shortLink: String
        package var link: Link
        package var warnings: [FirebaseImportReport.Warning]
    }

    private func row(_ record: CSVRecord, columns: [String]) -> Result<Row, FirebaseImportReport.Failure> {
        let line = record.line
        guard record.fields.count == columns.count else {
            return .failure(
                .init(
                    line: line, shortLink: nil,
                    reason:
                        "the row has \(record.fields.count) fields but the header has \(columns.count); check the quoting of this row"
                ))
        }
        var values: [String: String] = [:]
        for (column, value) in zip(columns, record.fields) where values[column] == nil { values[column] = value }
        let shortLink = values[Self.shortLinkColumn]?.trimmingCharacters(in: .whitespaces) ?? ""
        func failure(_ reason: String) -> Result<Row, FirebaseImportReport.Failure> {
            .failure(.init(line: line, shortLink: shortLink.isEmpty ? nil : shortLink, reason: reason))
        }
        guard !shortLink.isEmpty else { return failure("short_link is empty") }
        let domain: String
        let slug: String
        switch tenant.slug(ofShortLink: shortLink) {
        case .success(let found):
            (domain, slug) = found
        case .failure(.notAURL):
            return failure("short_link \"\(shortLink)\" is not an http(s) URL")
        case .failure(.foreignDomain(let host)):
            let hint =
                host.hasSuffix(".page.link") || host.hasSuffix(".app.goo.gl")
                ? " (Google's \(host.hasSuffix(".page.link") ? "page.link" : "app.goo.gl") domains cannot move to another server)"
                : ""
            return failure(
                "short_link \"\(shortLink)\" is on \(host), which is not a domain of \(tenant.id)\(hint); its domains: \(tenant.manifest.domains.joined(separator: ", "))"
            )
        case .failure(.pathIsNotASlug(let path, let prefixes)):
            let declared =
                prefixes.isEmpty
                ? "declare the path prefix for the domain in the manifest's \"linkPathPrefixes\""
                : "the domain's link path prefixes are \(prefixes.joined(separator: ", "))"
            return failure("short_link \"\(shortLink)\" has the path \(path), which is not one slug; \(declared)")
        }
        var parameters = FirebaseLinkParameters(values.filter { FirebaseLinkParameters.nameSet.contains($0.key) })
        parameters["link"] = parameters["link"]?.trimmingCharacters(in: .whitespaces)
        var content = parameters.content
        if let name = values[Self.nameColumn], !name.isEmpty {
            var firebase = content.firebase ?? FirebaseParameters()
            firebase.linkName = name
            content.firebase = firebase
        }
        guard !content.destination.isEmpty else { return failure("link is empty: every row needs a destination") }
        let request = LinkRequest(slug: slug, domain: domain, unguessable: false, content: content)
        do {
            try LinkCreator(store: store).check(request, for: tenant)
        } catch {
            let parameter = FirebaseLinkParameters.parameter(forField: error.field)
            return failure(parameter.map { "\($0): \(error.detail)" } ?? error.detail)
        }
        let now = Date().truncatedToMilliseconds
        let link = Link(
            id: UUID().uuidString.lowercased(), tenant: tenant.id, domain: domain, slug: slug, content: content,
            createdAt: now, updatedAt: now)
        let warnings = parameters.warnings(for: tenant.manifest).map {
            FirebaseImportReport.Warning(line: line, shortLink: shortLink, code: $0.code, message: $0.message)
        }
        return .success(Row(line: line, shortLink: shortLink, link: link, warnings: warnings))
    }

    /// Writes (or, in a dry run, looks up) a batch and counts each row.
    private func flush(_ batch: inout [Row], dryRun: Bool, into report: inout FirebaseImportReport) async throws {
        guard !batch.isEmpty else { return }
        defer { batch.removeAll(keepingCapacity: true) }
        var results: [LinkInsertion] = []
        if dryRun {
            var planned: [String: Link] = [:]
            let stored = try await store.links(
                tenant: tenant.id, slugs: batch.map(\.link.slug).filter { report.plannedSlugs[$0] == nil })
            for row in batch {
                let slug = row.link.slug
                if let earlier = report.plannedSlugs[slug] ?? planned[slug] {
                    results.append(.slugTaken(existing: earlier))
                } else if let existing = stored[slug] {
                    results.append(.slugTaken(existing: existing))
                } else {
                    planned[slug] = row.link
                    results.append(.inserted(row.link))
                }
            }
            report.plannedSlugs.merge(planned) { first, _ in first }
        } else {
            results = try await store.insertLinks(batch.map(\.link))
        }
        for (row, result) in zip(batch, results) {
            switch result {
            case .inserted:
                report.imported += 1
            case .slugTaken(let existing)
            where existing.domain == row.link.domain && existing.content == row.link.content:
                report.alreadyPresent += 1
            case .slugTaken(let existing):
                report.failures.append(
                    .init(
                        line: row.line, shortLink: row.shortLink,
                        reason:
                            "the slug \"\(row.link.slug)\" already has a link with other settings (to \(existing.content.destination)); it is left as it is"
                    ))
            }
        }
    }
}
