/// The type numbers of the MaxMind DB data section (spec 2.0, "Output Data Section").
enum DataType: UInt8 {
    case pointer = 1
    case string = 2
    case double = 3
    case bytes = 4
    case uint16 = 5
    case uint32 = 6
    case map = 7
    case int32 = 8
    case uint64 = 9
    case uint128 = 10
    case array = 11
    case dataCacheContainer = 12
    case endMarker = 13
    case boolean = 14
    case float = 15
}
