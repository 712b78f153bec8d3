import DeepLinkRouting
import Foundation

/// What a tenant's links may point at. This is what keeps the server from being an open
/// redirect: every URL a visitor can be sent to is checked here before it is stored (or, for a
/// Firebase-style long link, before it is followed).
package struct LinkPolicy: Sendable {
    package let tenant: Tenant

    /// Hosts of the stores that fallbacks may name.
    package static let appStoreHosts: Set<String> = ["apps.apple.com", "itunes.apple.com"]
    package static let playStoreHosts: Set<String> = ["play.google.com"]

    /// What a valid destination is.
    package enum Destination: Sendable, Hashable {
        /// A deep link that resolves to this route.
        case deepLink(route: String, parameters: [String: String])
        /// A page of the tenant's website.
        case web
    }

    /// Checks a whole link request; the problem names the field at fault. `previous` is the
    /// link's content before a change, whose URLs may stay as they are.
    package func check(_ content: LinkContent, domain: String, previous: LinkContent? = nil) throws(FieldError) {
        guard tenant.domains.contains(domain) else {
            throw FieldError(
                "domain",
                "\"\(domain)\" is not a domain of \(tenant.id); use one of: \(tenant.manifest.domains.joined(separator: ", "))"
            )
        }
        try checkTarget(destination: content.destination, fallbacks: content.fallbacks, at: "")
        if let expiredURL = content.expiredURL {
            try checkFallback(expiredURL, field: "expiredURL", stores: [])
        }
        for (index, rule) in content.rules.enumerated() {
            try checkTarget(destination: rule.destination, fallbacks: rule.fallbacks, at: "rules[\(index)]")
        }
        for (index, variant) in content.variants.enumerated() {
            try checkTarget(destination: variant.destination, fallbacks: variant.fallbacks, at: "variants[\(index)]")
        }
        if let ipad = content.firebase?.ipadFallback {
            try checkFallback(ipad, field: "firebase.ipadFallback", stores: Self.appStoreHosts)
        }
        if let image = content.social?.imageURL, let problem = checkImage(image) {
            throw problem
        }
        try checkOrigins(content, previous: previous)
    }

    /// The problem with `image` as a social card image, `nil` when it is an http(s) URL.
    package func checkImage(_ image: String) -> FieldError? {
        guard WebURL(http: image) != nil else {
            return FieldError("social.imageURL", "\"\(image)\" is not an http(s) URL")
        }
        return nil
    }

    /// What `text` is as a destination of this tenant, or the problem that refuses it.
    package func destination(_ text: String, field: String) throws(FieldError) -> Destination {
        guard let url = WebURL(text) else {
            throw FieldError(field, "\"\(text)\" is not an absolute URL", code: .invalidDestination)
        }
        let isWeb = url.isHTTP
        let isDeepLink =
            (isWeb && tenant.domains.contains(url.host)) || tenant.manifest.customSchemes.contains(url.scheme)
        if isDeepLink {
            switch tenant.routes.resolve(text) {
            case .matched(let route, let parameters):
                return .deepLink(route: route, parameters: parameters)
            case .excluded:
                throw FieldError(
                    field, "\"\(text)\" matches an exclude pattern of the manifest: it never opens the app",
                    code: .invalidDestination)
            case .notFound, .notDeepLink:
                let names = tenant.manifest.routes.map(\.name).joined(separator: ", ")
                throw FieldError(
                    field, "\"\(text)\" resolves to no route of \(tenant.id) (routes: \(names))",
                    code: .invalidDestination)
            case .invalid(let reason):
                throw FieldError(field, "\"\(text)\" cannot be read: \(reason)", code: .invalidDestination)
            }
        }
        if isWeb, let webHost = tenant.webHost, url.host == webHost {
            return .web
        }
        let allowed = ([tenant.webHost].compactMap { $0 } + tenant.manifest.domains).joined(separator: ", ")
        throw FieldError(
            field,
            "\"\(text)\" is neither a deep link of \(tenant.id) nor a page of its website; allowed hosts: \(allowed)\(tenant.manifest.customSchemes.isEmpty ? "" : ", schemes: " + tenant.manifest.customSchemes.joined(separator: ", "))",
            code: .invalidDestination)
    }

    /// Whether `text` is a page of the tenant's website (which may also be a deep link, when the
    /// website shares a domain with the app's links): desktop visitors can read it there.
    package func isWebPage(_ text: String) -> Bool {
        guard let url = WebURL(http: text) else { return false }
        return url.host == tenant.webHost
    }

    /// Whether `text` may be a fallback: a page of the website or a tenant domain, or a store.
    package func isAllowedFallback(_ text: String, stores: Set<String>) -> Bool {
        guard let url = WebURL(http: text) else { return false }
        return url.host == tenant.webHost || tenant.domains.contains(url.host)
            || (url.scheme == "https" && stores.contains(url.host))
    }

    /// Checks a destination and fallbacks: the link's own (`path` empty), a rule's or a variant's.
    private func checkTarget(destination text: String?, fallbacks: Fallbacks?, at path: String) throws(FieldError) {
        let prefix = path.isEmpty ? "" : path + "."
        if let text { _ = try destination(text, field: prefix + "destination") }
        if let ios = fallbacks?.ios {
            try checkFallback(ios, field: prefix + "fallbacks.ios", stores: Self.appStoreHosts)
        }
        if let android = fallbacks?.android {
            try checkFallback(android, field: prefix + "fallbacks.android", stores: Self.playStoreHosts)
        }
        if let desktop = fallbacks?.desktop {
            try checkFallback(desktop, field: prefix + "fallbacks.desktop", stores: [])
        }
    }

    private func checkFallback(_ text: String, field: String, stores: Set<String>) throws(FieldError) {
        guard isAllowedFallback(text, stores: stores) else {
            let hosts = ([tenant.webHost].compactMap { $0 } + tenant.manifest.domains + stores.sorted()).joined(
                separator: ", ")
            throw FieldError(
                field, "\"\(text)\" is not an allowed fallback; it must be an http(s) URL on one of: \(hosts)",
                code: .invalidFallback)
        }
    }

    /// A value with every stored property given.
    package init(tenant: Tenant) {
        self.tenant = tenant
    }
}
