import Foundation

/// A claim token found on first launch, with the domain to claim it at: what
/// ``DeferredLinkClaimer`` takes from an install referrer or the pasteboard.
///
/// Only a claim on one of the manifest's own domains is ever made: a stranger's URL in the
/// pasteboard is never sent anywhere.
public struct DeferredLinkClaim: Sendable, Hashable {
    /// The query parameter (and install-referrer item) that carries a token.
    public static let parameter = "wf_claim"

    /// One of the manifest's domains, lowercased: the tenant the token was issued for.
    public let domain: String
    /// The opaque token (base64url).
    public let token: String

    /// A claim of `token` at `domain`; `nil` unless `domain` is one of `manifest`'s domains and
    /// `token` looks like a token (base64url, 16 to 1024 characters).
    public init?(domain: String, token: String, manifest: Manifest) {
        let domain = domain.lowercased()
        guard manifest.domains.contains(domain), Self.isWellFormed(token) else { return nil }
        self.domain = domain
        self.token = token
    }

    /// The claim in an install referrer as Google Play's Install Referrer API returns it: a query
    /// string such as `utm_source=wayfinder&wayfinder_link=…&wf_claim=<token>`. The referrer names
    /// no domain, so the claim goes to the manifest's first domain (every domain of a tenant
    /// answers for all of its tokens). A referrer that holds a claim URL instead is read as text.
    public static func inInstallReferrer(_ referrer: String, manifest: Manifest) -> DeferredLinkClaim? {
        if referrer.contains("://") { return inText(referrer, manifest: manifest) }
        for item in referrer.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0] == parameter, let domain = manifest.domains.first,
                let token = PercentDecoding.decode(pair[1])
            else { continue }
            return DeferredLinkClaim(domain: domain, token: token, manifest: manifest)
        }
        return nil
    }

    /// The first claim URL (`https://<domain>/<slug>?wf_claim=<token>`) in `text`, such as the
    /// pasteboard's, whose host is one of the manifest's domains; other URLs are ignored.
    public static func inText(_ text: String, manifest: Manifest) -> DeferredLinkClaim? {
        guard text.utf8.count <= 16_384 else { return nil }
        var rest = Substring(text)
        while let start = rest.range(of: "https://", options: .caseInsensitive) {
            let candidate = rest[start.lowerBound...].prefix {
                !$0.isWhitespace && $0 != "\"" && $0 != "<" && $0 != ">"
            }
            rest = rest[start.upperBound...]
            guard let url = URL(string: String(candidate)), let link = try? DeepLink(url: url),
                let host = link.host, let token = link.queryValue(parameter),
                let claim = DeferredLinkClaim(domain: host, token: token, manifest: manifest)
            else { continue }
            return claim
        }
        return nil
    }

    private static func isWellFormed(_ token: String) -> Bool {
        (16...1024).contains(token.utf8.count)
            && token.utf8.allSatisfy {
                ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
                    || $0 == 0x5F
            }
    }
}
