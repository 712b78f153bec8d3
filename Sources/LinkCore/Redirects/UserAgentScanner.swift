/// Finds every mark ``ClientInfo`` looks for in a `User-Agent` in one pass over its UTF-8 bytes.
///
/// Each token is filed under its first byte (case-insensitive tokens under both cases of it); at
/// every position of the agent only the tokens filed under that byte are compared, and a mark
/// already found is not looked for again. No copy of the agent is made: this replaces some 45
/// `String.contains` calls and a `lowercased()` copy per request, which took about 60% of the
/// redirect path's CPU.
///
/// Matching is on bytes, so it agrees with the `String.contains` it replaces except where a token
/// is followed by a combining mark (which `String` would read as part of the token's last
/// character); User-Agents are ASCII in practice. Case-insensitive tokens fold ASCII letters only,
/// which matches `lowercased()` for every token used here (none has a letter that a non-ASCII
/// character lowercases to).
package struct UserAgentScanner: Sendable {
    /// One token: where its bytes are in ``bytes``, and the mark it sets.
    private struct Token: Sendable {
        var start: Int32
        var count: Int32
        var mark: UInt32
        var foldsCase: Bool
    }

    private let bytes: [UInt8]
    /// Tokens ordered by first byte: those starting with byte `b` are `tokens[first[b]..<first[b + 1]]`.
    private let tokens: [Token]
    private let first: [Int32]

    /// `caseSensitive` tokens match exactly; `caseInsensitive` ones (given in lowercase) match any
    /// ASCII case.
    package init(caseSensitive: [(String, UInt32)], caseInsensitive: [(String, UInt32)]) {
        var bytes: [UInt8] = []
        var filed: [(byte: UInt8, token: Token)] = []
        func add(_ text: String, mark: UInt32, foldsCase: Bool) {
            let utf8 = Array(text.utf8)
            precondition(!utf8.isEmpty, "a User-Agent token cannot be empty")
            let token = Token(start: Int32(bytes.count), count: Int32(utf8.count), mark: mark, foldsCase: foldsCase)
            bytes += utf8
            filed.append((utf8[0], token))
            if foldsCase, let upper = UserAgentScanner.upper(utf8[0]) { filed.append((upper, token)) }
        }
        for (text, mark) in caseSensitive { add(text, mark: mark, foldsCase: false) }
        for (text, mark) in caseInsensitive { add(text.lowercased(), mark: mark, foldsCase: true) }
        // Stable order within a byte keeps the tokens in the order given.
        let ordered = filed.enumerated().sorted { ($0.element.byte, $0.offset) < ($1.element.byte, $1.offset) }
        var first = [Int32](repeating: 0, count: 257)
        for entry in ordered { first[Int(entry.element.byte) + 1] += 1 }
        for index in 1...256 { first[index] += first[index - 1] }
        self.bytes = bytes
        self.tokens = ordered.map(\.element.token)
        self.first = first
    }

    /// The union of the marks of every token found in `agent`.
    package func marks(in agent: String) -> UInt32 {
        if let found = agent.utf8.withContiguousStorageIfAvailable({ marks(in: $0) }) { return found }
        var copy = agent
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { marks(in: $0) } ?? 0
    }

    private func marks(in agent: UnsafeBufferPointer<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { bytes in
            tokens.withUnsafeBufferPointer { tokens in
                first.withUnsafeBufferPointer { first in
                    var found: UInt32 = 0
                    let end = agent.count
                    for position in 0..<end {
                        let byte = Int(agent[position])
                        var index = Int(first[byte])
                        let last = Int(first[byte + 1])
                        while index < last {
                            let token = tokens[index]
                            index += 1
                            let count = Int(token.count)
                            guard found & token.mark == 0, count <= end - position else { continue }
                            let start = Int(token.start)
                            var offset = 1
                            if token.foldsCase {
                                while offset < count,
                                    UserAgentScanner.lower(agent[position + offset]) == bytes[start + offset]
                                {
                                    offset += 1
                                }
                            } else {
                                while offset < count, agent[position + offset] == bytes[start + offset] { offset += 1 }
                            }
                            if offset == count { found |= token.mark }
                        }
                    }
                    return found
                }
            }
        }
    }

    @inline(__always)
    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    private static func upper(_ byte: UInt8) -> UInt8? {
        byte &- UInt8(ascii: "a") < 26 ? byte & ~0x20 : nil
    }
}
