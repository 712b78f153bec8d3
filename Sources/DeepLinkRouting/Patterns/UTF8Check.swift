/// A UTF-8 validator fed one byte at a time, with the rules of `String(validating:as:)`:
/// no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence.
///
/// Matching checks decoded link segments with it instead of making a string of each one.
struct UTF8Check {
    /// Continuation bytes still expected.
    private var remaining = 0
    /// The range the next continuation byte must be in (narrower right after some lead bytes).
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    /// Takes the next byte; `false` when the bytes so far cannot start valid UTF-8.
    @inline(__always)
    mutating func add(_ byte: UInt8) -> Bool {
        if remaining > 0 {
            guard byte >= low, byte <= high else { return false }
            remaining -= 1
            low = 0x80
            high = 0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0:
            remaining = 2
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED:
            remaining = 2
            high = 0x9F
        case 0xF0:
            remaining = 3
            low = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4:
            remaining = 3
            high = 0x8F
        default: return false
        }
        return true
    }

    /// Whether the bytes so far end on a whole scalar.
    var isComplete: Bool { remaining == 0 }

    /// Whether `bytes` are valid UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var check = UTF8Check()
        for byte in bytes where !check.add(byte) { return false }
        return check.isComplete
    }
}
