import DeepLinkRouting
import Foundation
import LinkCore

/// Google's Firebase Dynamic Links export (CSV) as an ``ImportFormat``, so that every short link
/// already printed or shared keeps working once its domain points at Wayfinder.
///
/// Columns are named after FDL's parameters (`link`, `apn`, `ifl`, …, see
/// `FirebaseLinkParameters`) plus `short_link` and `link_name`, matched case-insensitively;
/// `short_link` and `link` are required. The short link's path becomes the slug (after a link path
/// prefix the manifest declares for its domain). A link's problems are named by FDL parameter.
package struct FirebaseFormat: ImportFormat {
    package let name = "firebase"
    package let exportName = "Firebase Dynamic Links export"

    /// Columns other than the FDL parameters.
    package static let shortLinkColumn = "short_link"
    package static let nameColumn = "link_name"
    package let requiredColumns = [shortLinkColumn, "link"]
    package let knownColumns = Set(FirebaseLinkParameters.names + [shortLinkColumn, nameColumn])

    package init() {}

    package func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem> {
        let shortLink = row[Self.shortLinkColumn] ?? ""
        guard !shortLink.isEmpty else { return .failure(ImportRowProblem(label: nil, "short_link is empty")) }
        let domain: String
        let slug: String
        switch context.slug(ofShortLink: shortLink, column: "short_link") {
        case .success(let found): (domain, slug) = found
        case .failure(let problem): return .failure(problem)
        }
        var parameters = FirebaseLinkParameters(row.values.filter { FirebaseLinkParameters.nameSet.contains($0.key) })
        parameters["link"] = parameters["link"]?.trimmingCharacters(in: .whitespaces)
        var content = parameters.content
        if let name = row.values[Self.nameColumn], !name.isEmpty {
            var firebase = content.firebase ?? FirebaseParameters()
            firebase.linkName = name
            content.firebase = firebase
        }
        guard !content.destination.isEmpty else {
            return .failure(ImportRowProblem(label: shortLink, "link is empty: every row needs a destination"))
        }
        let warnings = parameters.warnings(for: context.tenant.manifest).map {
            ImportReport.Warning(line: row.line, shortLink: shortLink, code: $0.code, message: $0.message)
        }
        return .success(
            ImportCandidate(
                label: shortLink,
                request: LinkRequest(slug: slug, domain: domain, unguessable: false, content: content),
                warnings: warnings))
    }

    package func reason(for problem: Problem) -> String {
        let parameter = FirebaseLinkParameters.parameter(forField: problem.field)
        return parameter.map { "\($0): \(problem.detail)" } ?? problem.detail
    }
}

/// Imports Google's Firebase Dynamic Links export: ``LinkImport`` with ``FirebaseFormat``.
package struct FirebaseImport: Sendable {
    package var importer: LinkImport
    package var tenant: Tenant { importer.tenant }
    package var store: any LinkStore { importer.store }

    package static let shortLinkColumn = FirebaseFormat.shortLinkColumn
    package static let nameColumn = FirebaseFormat.nameColumn
    package static let requiredColumns = FirebaseFormat().requiredColumns

    package init(manifest: Manifest, store: any LinkStore) throws {
        importer = try LinkImport(manifest: manifest, store: store, format: FirebaseFormat())
    }

    /// Reads `csv` and imports (or, with `dryRun`, only checks) every row. `progress` is called
    /// now and then with the rows read so far and the fraction of the file read.
    package func run(
        csv: [UInt8], dryRun: Bool, progress: LinkImport.Progress? = nil
    ) async throws -> ImportReport {
        try await importer.run(.bytes(csv), dryRun: dryRun, progress: progress)
    }
}
