/// Why a text cannot become a QR code. Today that is length: byte mode holds at most 2,953 bytes
/// (version 40, level L), fewer at higher error correction levels.
public struct QRCodeError: Error, Sendable, CustomStringConvertible, Equatable {
    private enum Reason: Sendable, Equatable {
        case tooLong(bytes: Int, max: Int, correction: QRCode.ErrorCorrection)
    }

    private let reason: Reason

    static func tooLong(bytes: Int, max: Int, correction: QRCode.ErrorCorrection) -> QRCodeError {
        QRCodeError(reason: .tooLong(bytes: bytes, max: max, correction: correction))
    }

    /// The text's length in UTF-8 bytes, when it is too long.
    public var byteCount: Int {
        switch reason {
        case .tooLong(let bytes, _, _): bytes
        }
    }

    /// The most bytes a QR code holds at the requested level.
    public var maximumByteCount: Int {
        switch reason {
        case .tooLong(_, let max, _): max
        }
    }

    public var description: String {
        switch reason {
        case .tooLong(let bytes, let max, let correction):
            let advice =
                correction == .low
                ? "shorten the text"
                : "shorten the text, or choose a lower error correction level (L holds \(QRCapacity(version: 40, correction: .low).byteCapacity) bytes)"
            return
                "the text is \(bytes) bytes in UTF-8, but a QR code at error correction level \(correction.rawValue) holds at most \(max) bytes; \(advice)"
        }
    }
}
