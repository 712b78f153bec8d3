import Foundation
import HTTPTypes
import Hummingbird

extension ServiceState {
    /// The client's address, for rate limits: the peer's, or the one a trusted proxy reports in
    /// `X-Forwarded-For` (the last entry, the address that proxy saw; or the first when every
    /// peer's header is believed, `trustForwardedFor`).
    func clientAddress(of request: Request, context: LinkRequestContext) -> String {
        let peer = context.remoteAddress?.ipAddress ?? "unknown"
        guard let forwarded = request.headers[.xForwardedFor] else { return peer }
        let entries = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if configuration.trustForwardedFor { return entries.first ?? forwarded }
        if configuration.trustedProxies.contains(peer), let last = entries.last { return last }
        return peer
    }

    /// Whether the request came over TLS: said by a trusted proxy in `X-Forwarded-Proto`, or an
    /// `https` request line (when TLS is terminated by the server itself).
    func cameOverTLS(_ request: Request, context: LinkRequestContext) -> Bool {
        if request.uri.scheme?.rawValue == "https" { return true }
        let peer = context.remoteAddress?.ipAddress ?? ""
        guard configuration.trustedProxies.contains(peer),
            let proto = request.headers[.xForwardedProto]
        else { return false }
        return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// The host and port the browser asked for: `X-Forwarded-Host` from a trusted proxy, else
    /// `Host` (or the HTTP/2 authority).
    func forwardedHost(of request: Request, context: LinkRequestContext) -> String {
        let peer = context.remoteAddress?.ipAddress ?? ""
        if configuration.trustedProxies.contains(peer),
            let forwarded = request.headers[.xForwardedHost]
        {
            return forwarded.split(separator: ",").first?.trimmingCharacters(in: .whitespaces) ?? forwarded
        }
        return request.headers[Request.hostField] ?? request.head.authority ?? ""
    }

    /// The tenant an API key acts for: `nil` when the key (by its SHA-256) is unknown or revoked,
    /// or its tenant is not served here.
    func tenant(ofKeyHash hash: String) async throws -> Tenant? {
        try await APIKeyAuthenticator.tenant(ofKeyHash: hash, store: store, tenants: tenants)
    }
}
