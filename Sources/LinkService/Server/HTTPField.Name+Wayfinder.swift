import HTTPTypes
import LinkCore

extension HTTPField.Name {
    // `HTTPField.Name(_:)` returns nil only for a name that is not an RFC 9110 token; each name
    // here is a literal of letters and "-", so the `!` cannot trap. (HTTPTypes already names
    // Content-Security-Policy and X-Content-Type-Options; its Host is unavailable, since HTTP/2
    // calls it :authority, but HTTP/1.1 requests carry it.)

    package static let hostHeader = HTTPField.Name("Host")!
    package static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    package static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    package static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    package static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    package static let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
}
