/// Random strings from the system's cryptographic generator (through ``SecureRandom``).
package enum RandomText {
    package static let lettersAndDigits = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// `length` characters of `alphabet` (at most 256 characters), each equally likely.
    package static func make(length: Int, from alphabet: [UInt8]) -> String {
        precondition((1...256).contains(alphabet.count), "an alphabet has 1 to 256 characters")
        var generator = SecureRandom()
        // Eight bytes per draw (a webhook id of 26 characters drawn one by one cost a click flush
        // more than the rest of its event, when each draw was a system call). A byte at or
        // above the largest multiple of the alphabet's size is skipped, so that every
        // character stays equally likely.
        let limit = 256 - 256 % alphabet.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        while bytes.count < length {
            var word: UInt64 = generator.next()
            for _ in 0..<8 {
                let byte = Int(word & 0xFF)
                word >>= 8
                if byte < limit, bytes.count < length { bytes.append(alphabet[byte % alphabet.count]) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
