/// Random strings from the system's cryptographic generator.
enum RandomText {
    static let lettersAndDigits = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    static func make(length: Int, from alphabet: [UInt8]) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
