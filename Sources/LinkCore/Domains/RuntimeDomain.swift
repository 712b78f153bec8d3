import Foundation

/// A domain a tenant added through the API or the console (not its manifest), and its proof of
/// control: a TXT record at `_wayfinder-challenge.<name>` holding ``token``.
package struct RuntimeDomain: Sendable, Equatable {
    /// The host name, normalised (``DomainName``).
    package var name: String
    package var tenant: String
    package var status: DomainStatus
    /// The value the TXT record must hold.
    package var token: String
    package var createdAt: Date
    package var verifiedAt: Date?
    /// When the TXT record was last looked up, and what that found wrong.
    package var checkedAt: Date?
    package var checkError: String?
    /// How many lookups have been made while pending (the back-off's step).
    package var checks: Int

    /// How long a domain may stay pending before it expires.
    package static let verificationWindow: TimeInterval = 72 * 3600

    /// The name of the TXT record that proves control.
    package var challengeName: String { "_wayfinder-challenge." + name }

    package init(
        name: String, tenant: String, status: DomainStatus = .pending, token: String, createdAt: Date,
        verifiedAt: Date? = nil, checkedAt: Date? = nil, checkError: String? = nil, checks: Int = 0
    ) {
        self.name = name
        self.tenant = tenant
        self.status = status
        self.token = token
        self.createdAt = createdAt
        self.verifiedAt = verifiedAt
        self.checkedAt = checkedAt
        self.checkError = checkError
        self.checks = checks
    }

    /// A new pending domain with a fresh random token.
    package static func adding(_ name: String, tenant: String, at now: Date) -> RuntimeDomain {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = "wayfinder-" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return RuntimeDomain(name: name, tenant: tenant, token: token, createdAt: now)
    }

    /// When a pending domain is looked up next: a minute after it was added, then doubling up
    /// to an hour between lookups.
    package var nextCheck: Date {
        guard let checkedAt else { return createdAt }
        return checkedAt.addingTimeInterval(min(3600, 60 * pow(2, Double(min(checks, 6)))))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
