import Crypto
import Foundation

/// API keys: `wf_` and 40 random letters and digits. Only the SHA-256 is stored; the first
/// 11 characters are the prefix people see in `keys list`.
package enum APIKey {
    package static let prefixLength = 11

    /// A new key and the record to store for it.
    package static func make(
        tenant: String, scopes: [Scope] = Scope.standard, name: String? = nil, at date: Date = Date()
    ) -> (key: String, record: APIKeyRecord) {
        let key = "wf_" + RandomText.make(length: 40, from: RandomText.lettersAndDigits)
        let record = APIKeyRecord(
            prefix: String(key.prefix(prefixLength)), hash: hash(key), tenant: tenant,
            createdAt: date.truncatedToMilliseconds, scopes: Set(scopes).sorted(), name: name)
        return (key, record)
    }

    /// Lowercase hex SHA-256 of a key.
    package static func hash(_ key: some StringProtocol) -> String {
        Hex.string(of: SHA256.hash(data: Data(key.utf8)))
    }
}
