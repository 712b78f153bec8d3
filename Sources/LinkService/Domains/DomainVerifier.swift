import DNSClient
import Foundation
import LinkCore
import LinkStorage
import Logging

/// Looks runtime domains' TXT records up, records what it found, and keeps the served tenant
/// set's runtime domains equal to the verified ones in the store.
package struct DomainVerifier: Sendable {
    package let store: CachingLinkStore
    package let tenants: TenantDirectory
    package let resolver: DNSResolver
    package let clock: ServiceClock
    package let logger: Logger

    /// Looks a pending `domain`'s TXT record up now and stores the outcome: verified when a value
    /// equals its token; otherwise still pending (or expired past the window), with what was
    /// found. A domain that is not pending is answered as it is.
    package func verify(_ domain: RuntimeDomain) async throws -> RuntimeDomain {
        guard domain.status == .pending else { return domain }
        var checked = domain
        let now = clock.now()
        checked.checkedAt = now
        do {
            let values = try await resolver.textRecords(of: DNSName(domain.challengeName))
            if values.contains(domain.token) {
                checked.status = .verified
                checked.verifiedAt = now
                checked.checkError = nil
            } else {
                checked.checkError =
                    values.isEmpty
                    ? "no TXT record at \(domain.challengeName) yet: add it with the value \(domain.token)"
                    : "the TXT record at \(domain.challengeName) holds \(values.map { "\"\($0)\"" }.joined(separator: ", ")), not \(domain.token)"
            }
        } catch let error as DNSNameError {
            checked.checkError = "\(domain.challengeName) is not a name DNS can look up: \(error)"
        } catch {
            checked.checkError = "\(error)"
        }
        if checked.status == .pending {
            checked.checks += 1
            if now.timeIntervalSince(domain.createdAt) > RuntimeDomain.verificationWindow {
                checked.status = .expired
            }
        }
        _ = try await store.updateDomain(checked)
        if checked.status != domain.status {
            logger.notice(
                "domain \(checked.status.rawValue)",
                metadata: ["tenant": "\(checked.tenant)", "domain": "\(checked.name)"])
            try await refreshServed()
        }
        return checked
    }

    /// Serves exactly the verified domains the store holds.
    package func refreshServed() async throws {
        tenants.serveVerified(try await store.domains(tenant: nil))
    }

    /// Verifies every pending domain whose next look-up is due.
    package func checkDue() async throws {
        let now = clock.now()
        for domain in try await store.domains(tenant: nil) where domain.status == .pending && domain.nextCheck <= now {
            _ = try await verify(domain)
        }
    }
}
