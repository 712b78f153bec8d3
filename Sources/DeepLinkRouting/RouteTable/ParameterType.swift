import Foundation

/// The type of a typed route parameter (`{id:int}`): which segments it accepts.
///
/// `int` (an optional `-` and digits that fit in 64 bits) and `uuid` (8-4-4-4-12 hexadecimal
/// digits) are built in; register more on the ``RouteTableBuilder`` with
/// ``init(_:accepts:)``. A pattern naming a type the builder does not know fails the build.
/// Two different types at the same position of two patterns are rejected when the table is built
/// unless both are built in, since a segment could be both and neither would be more specific.
public struct ParameterType: Sendable {
    /// The name patterns use after the `:`.
    public let name: String
    let check: Check

    enum Check: Sendable {
        case int
        case uuid
        case custom(@Sendable (String) -> Bool)
    }

    /// A type registered in code: `accepts` receives the percent-decoded segment.
    public init(_ name: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.check = .custom(accepts)
    }

    private init(builtIn name: String, _ check: Check) {
        self.name = name
        self.check = check
    }

    /// A signed 64-bit integer in decimal.
    public static let int = ParameterType(builtIn: "int", .int)
    /// A UUID in its 36-character text form, either case.
    public static let uuid = ParameterType(builtIn: "uuid", .uuid)

    /// The types every route table knows without registration: the one list of them.
    public static let builtIn: [ParameterType] = [.int, .uuid]

    var isBuiltIn: Bool {
        if case .custom = check { return false }
        return true
    }

    /// Whether two types can accept the same segment (then they may not share a position).
    func overlaps(_ other: ParameterType) -> Bool {
        name == other.name || !(isBuiltIn && other.isBuiltIn)
    }

    /// Whether the segment's (decoded) bytes are of this type.
    func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch check {
        case .int: return ParameterType.isInt(bytes)
        case .uuid: return ParameterType.isUUID(bytes)
        case .custom(let accepts): return accepts(String(decoding: bytes, as: UTF8.self))
        }
    }

    static func isInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count else { return false }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return false }
            value = next
            index += 1
        }
        return true
    }

    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if PercentDecoding.hexValue(byte) == nil {
                return false
            }
        }
        return true
    }
}
