import LinkCore
import LinkService

extension FuzzTarget {
    /// The deferred-link claim token the app sends back: the reader, and the signature check
    /// with a fixed secret.
    static let claimToken = FuzzTarget(name: "claim-token") { bytes in
        guard let (token, payload, mac) = ClaimToken.parse(bytes.text) else { return }
        _ = ClaimToken.verify(payload: payload, mac: mac, secret: Array(repeating: 7, count: 32), tenant: "storyteller")
        _ = token.nonceHex
        _ = token.signed(with: Array(repeating: 7, count: 32), tenant: "storyteller")
    }
}
