/// One event name's count and summed value per currency (a link's stats, the funnel's steps).
package struct EventTotals: Sendable, Hashable {
    package var count: Int
    /// ISO 4217 code → the sum of the values given in it.
    package var value: [String: Double]

    /// A value with every stored property given.
    package init(count: Int = 0, value: [String: Double] = [:]) {
        self.count = count
        self.value = value
    }
}
