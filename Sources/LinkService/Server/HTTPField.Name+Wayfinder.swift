import HTTPTypes

extension HTTPField.Name {
    // `HTTPField.Name(_:)` returns nil only for a name that is not an RFC 9110 token; each name
    // here is a literal of letters and "-", so the `!` cannot trap. (HTTPTypes already names
    // Content-Security-Policy and X-Content-Type-Options; its Host is unavailable, since HTTP/2
    // calls it :authority, but HTTP/1.1 requests carry it.)

    static let hostHeader = HTTPField.Name("Host")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
}
