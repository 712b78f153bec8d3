import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage

extension LinkRecords {
    /// Deletes the link at the system's time: for tests that do not look at when.
    package func deleteLink(tenant: String, slug: String) async throws -> Bool {
        try await deleteLink(tenant: tenant, slug: slug, at: Date())
    }
}
