/// One value of a MaxMind DB record, typed as the file stores it.
///
/// A record is usually a ``map(_:)`` (GeoIP2 and GeoLite2 records are: `country`, `city`,
/// `location`, …). Pointers are followed when a record is read, so they never appear here; the
/// data cache container and the end marker are not values and make a record unreadable.
public enum MaxMindValue: Sendable, Hashable {
    /// A UTF-8 string (type 2).
    case string(String)
    /// An IEEE-754 binary64 number (type 3).
    case double(Double)
    /// Raw bytes (type 4).
    case bytes([UInt8])
    /// An unsigned 16-bit integer (type 5).
    case uint16(UInt16)
    /// An unsigned 32-bit integer (type 6).
    case uint32(UInt32)
    /// Keys and their values (type 7). When a key repeats, the last value wins.
    case map([String: MaxMindValue])
    /// A signed 32-bit integer (type 8).
    case int32(Int32)
    /// An unsigned 64-bit integer (type 9).
    case uint64(UInt64)
    /// An unsigned 128-bit integer (type 10), as its high and low 64 bits.
    case uint128(high: UInt64, low: UInt64)
    /// Values in order (type 11).
    case array([MaxMindValue])
    /// A boolean (type 14).
    case boolean(Bool)
    /// An IEEE-754 binary32 number (type 15).
    case float(Float)

    /// The value under `key` when this is a map.
    public subscript(key: String) -> MaxMindValue? {
        guard case .map(let entries) = self else { return nil }
        return entries[key]
    }

    /// The string, when this is one.
    public var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The value as an unsigned integer when it is an integer of any width that is not negative
    /// and fits in 64 bits.
    public var unsignedIntegerValue: UInt64? {
        switch self {
        case .uint16(let value): UInt64(value)
        case .uint32(let value): UInt64(value)
        case .uint64(let value): value
        case .uint128(let high, let low): high == 0 ? low : nil
        case .int32(let value): value >= 0 ? UInt64(value) : nil
        default: nil
        }
    }
}
