/// Comparison of secrets whose time does not depend on where they differ: the one helper behind
/// every in-memory comparison of a secret (the console's CSRF token, a claim token's MAC).
///
/// API keys and console session ids are never compared in memory: the store is asked for the
/// record of their SHA-256, so timing tells at most about a hash nobody can invert.
package enum ConstantTime {
    /// Whether `given` equals `expected`, looking at every byte whatever the first difference.
    /// A length mismatch (lengths are not secret) or an empty `expected` is `false` at once.
    package static func equal(_ given: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
        guard given.count == expected.count, !expected.isEmpty else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given, expected) { difference |= a ^ b }
        return difference == 0
    }
}
