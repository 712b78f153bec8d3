import LinkCore
import LinkService

extension FuzzTarget {
    /// The `User-Agent` classifier the redirect and the click counters rely on.
    static let userAgent = FuzzTarget(name: "user-agent") { bytes in
        _ = ClientInfo(userAgent: bytes.text)
    }
}
