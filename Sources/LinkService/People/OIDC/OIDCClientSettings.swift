/// This server as a client of an OpenID Connect provider: what `WAYFINDER_OIDC_ISSUER`,
/// `…_CLIENT_ID` and `…_CLIENT_SECRET` set, and where the provider sends the browser back.
package struct OIDCClientSettings: Sendable, Equatable {
    /// The provider's issuer, exactly as its discovery document and ID tokens give it.
    package var issuer: String
    package var clientID: String
    package var clientSecret: String
    /// `https://<console host>/admin/sso/callback`, registered with the provider.
    package var redirectURI: String
    /// Requested scopes (`openid` is always among them).
    package var scopes: [String]

    package init(
        issuer: String, clientID: String, clientSecret: String, redirectURI: String,
        scopes: [String] = ["openid", "email", "profile"]
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
        self.scopes = scopes.contains("openid") ? scopes : ["openid"] + scopes
    }
}
