import LinkCore

/// The `404` page of an unknown or expired link (or of an unknown host), with a way to the
/// tenant's website when there is one (`not-found.mustache`).
package struct NotFoundPage: NoncePage, Hashable {
    package static let template = PageTemplate.notFound

    /// The app's name; `nil` on an unknown host.
    package var siteName: String?
    /// The tenant's website; `nil` when it has none, or on an unknown host.
    package var websiteURL: String?
    /// On a host that is no tenant's domain (such as `127.0.0.1` when someone tries the server on
    /// a laptop): what the server does serve and how to try a link; `nil` on a tenant's domain.
    package var unknownHost: UnknownHost?
    package var nonce = ""

    /// What a person who reached the server under a name it does not serve needs: the name they
    /// used, the tenants' public domains (nothing else about the tenants), and a command that
    /// sends one of them as the `Host`.
    package struct UnknownHost: Sendable, Hashable {
        /// The `Host` the request named, as typed (with its port), or `HOST:PORT` when it was
        /// not a plain host name.
        package var host: String
        package var domains: [String]
        /// `curl -i -H 'Host: …' http://HOST:PORT/SLUG`.
        package var curl: String

        /// The page's values for a request that named `host` on a server whose tenants have
        /// `domains`.
        package init(host: String, domains: [String]) {
            self.host = Self.shown(host)
            self.domains = domains
            self.curl = Self.curl(reaching: host, as: domains.first ?? "DOMAIN", path: "SLUG")
        }

        /// `curl -i -H 'Host: <domain>' http://<host>/<path>`: a visit to `domain`'s `path` sent to
        /// this server under the name `host` the browser used (`HOST:PORT` when that name is not
        /// a plain host name, so that nothing a request sent can make the command do more).
        package static func curl(reaching host: String, as domain: String, path: String) -> String {
            "curl -i -H 'Host: \(domain)' http://\(shown(host))/\(path)"
        }

        private static func shown(_ host: String) -> String {
            let plain =
                !host.isEmpty
                && host.unicodeScalars.allSatisfy { scalar in
                    scalar.properties.isASCIIHexDigit || (scalar >= "a" && scalar <= "z")
                        || (scalar >= "A" && scalar <= "Z")
                        || ".:-[]".unicodeScalars.contains(scalar)
                }
            return plain ? host : "HOST:PORT"
        }
    }

    /// The page for a tenant (its name and website), or for an unknown host (`nil`s).
    package init(siteName: String?, websiteURL: String?, unknownHost: UnknownHost? = nil) {
        self.siteName = siteName
        self.websiteURL = websiteURL
        self.unknownHost = unknownHost
    }

    package static let example = NotFoundPage(
        siteName: "Stories", websiteURL: "https://www.example.com",
        unknownHost: UnknownHost(host: "127.0.0.1:8080", domains: ["stories.example.com"]))
}
