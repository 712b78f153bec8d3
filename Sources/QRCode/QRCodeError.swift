/// Why a text cannot become a QR code. Today that is length: byte mode holds at most 2,953 bytes
/// (version 40, level L), fewer at higher error correction levels.
///
/// Match on ``code`` (`error.code == .tooLong`); the set of codes may grow without breaking a
/// `switch`. The same idiom as the other modules' errors; the code type is this module's own
/// because `QRCode` imports nothing, not even the package's other modules.
public struct QRCodeError: Error, Sendable, CustomStringConvertible, Hashable {
    /// A stable kind of QR code error, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        /// The text does not fit the largest symbol at the requested level.
        public static let tooLong = Code(description: "text-too-long")
    }

    public let code: Code
    /// The text's length in UTF-8 bytes.
    public let byteCount: Int
    /// The most bytes a QR code holds at the requested level.
    public let maximumByteCount: Int
    /// What is wrong and what to do.
    public let message: String

    static func tooLong(bytes: Int, max: Int, correction: QRCode.ErrorCorrection) -> QRCodeError {
        let advice =
            correction == .low
            ? "shorten the text"
            : "shorten the text, or choose a lower error correction level (L holds \(QRCapacity(version: 40, correction: .low).byteCapacity) bytes)"
        return QRCodeError(
            code: .tooLong, byteCount: bytes, maximumByteCount: max,
            message:
                "the text is \(bytes) bytes in UTF-8, but a QR code at error correction level \(correction.rawValue) holds at most \(max) bytes; \(advice)"
        )
    }

    /// The ``message``.
    public var description: String { message }
}
