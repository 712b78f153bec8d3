import GeoIP

/// An address or a network (CIDR) of an `ip` condition: `203.0.113.7`, `203.0.113.0/24`,
/// `2001:db8::/32`, as written.
package struct IPRange: Sendable, Hashable {
    /// The text as written, which is what the API shows back.
    package let text: String
    /// The network the text names (an address is its own network).
    package let network: IPNetwork

    /// Reads an address or a CIDR network (``IPNetwork/init(_:)``); `nil` when it is neither.
    package init?(_ text: String) {
        guard let network = IPNetwork(text) else { return nil }
        self.text = text
        self.network = network
    }

    /// Whether `address` is this address, or in this network; an IPv4-mapped address counts as
    /// the IPv4 address it maps.
    package func contains(_ address: IPAddress) -> Bool {
        network.contains(address)
    }

    package static func == (lhs: IPRange, rhs: IPRange) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
