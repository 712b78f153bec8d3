import Foundation

/// A `Decoder` over a match's parameters (text by name), for ``RouteMatch/decode(_:)``.
struct ParameterDecoder: Decoder {
    let values: [String: String]
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(values: values, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "route parameters are named values, not a list")
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self,
            .init(
                codingPath: codingPath,
                debugDescription: "decode route parameters into a struct whose properties are named like the parameters"
            ))
    }

    struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let values: [String: String]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue] == nil }

        private func text(_ key: Key) throws -> String {
            guard let value = values[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key,
                    .init(codingPath: codingPath, debugDescription: "the match has no parameter \"\(key.stringValue)\"")
                )
            }
            return value
        }

        private func convert<T>(_ key: Key, _ make: (String) -> T?) throws -> T {
            let value = try text(key)
            guard let converted = make(value) else {
                throw DecodingError.typeMismatch(
                    T.self,
                    .init(
                        codingPath: codingPath + [key],
                        debugDescription: "the parameter \"\(key.stringValue)\" is \"\(value)\", not a \(T.self)"))
            }
            return converted
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try convert(key) { Bool($0) } }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try text(key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try convert(key) { Double($0) } }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try convert(key) { Float($0) } }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try convert(key) { Int($0) } }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try convert(key) { Int8($0) } }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try convert(key) { Int16($0) } }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try convert(key) { Int32($0) } }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try convert(key) { Int64($0) } }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try convert(key) { UInt($0) } }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try convert(key) { UInt8($0) } }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try convert(key) { UInt16($0) } }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try convert(key) { UInt32($0) } }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try convert(key) { UInt64($0) } }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            // `as? T` succeeds exactly when T is UUID: then a UUID is read from its text.
            if T.self == UUID.self, let uuid = try convert(key, { UUID(uuidString: $0) }) as? T { return uuid }
            return try T(from: Single(value: try text(key), codingPath: codingPath + [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath + [key], debugDescription: "route parameters are text, not nested objects")
            )
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self,
                .init(codingPath: codingPath + [key], debugDescription: "route parameters are text, not lists"))
        }

        func superDecoder() throws -> any Decoder { ParameterDecoder(values: values, codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            ParameterDecoder(values: values, codingPath: codingPath + [key])
        }
    }

    /// One parameter's text, for types that decode from a single value (enums with raw values).
    struct Single: Decoder, SingleValueDecodingContainer {
        let value: String
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "a route parameter is text"))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "a route parameter is text"))
        }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { false }
        private func convert<T>(_ make: (String) -> T?) throws -> T {
            guard let converted = make(value) else {
                throw DecodingError.typeMismatch(
                    T.self, .init(codingPath: codingPath, debugDescription: "\"\(value)\" is not a \(T.self)"))
            }
            return converted
        }
        func decode(_ type: Bool.Type) throws -> Bool { try convert { Bool($0) } }
        func decode(_ type: String.Type) throws -> String { value }
        func decode(_ type: Double.Type) throws -> Double { try convert { Double($0) } }
        func decode(_ type: Float.Type) throws -> Float { try convert { Float($0) } }
        func decode(_ type: Int.Type) throws -> Int { try convert { Int($0) } }
        func decode(_ type: Int8.Type) throws -> Int8 { try convert { Int8($0) } }
        func decode(_ type: Int16.Type) throws -> Int16 { try convert { Int16($0) } }
        func decode(_ type: Int32.Type) throws -> Int32 { try convert { Int32($0) } }
        func decode(_ type: Int64.Type) throws -> Int64 { try convert { Int64($0) } }
        func decode(_ type: UInt.Type) throws -> UInt { try convert { UInt($0) } }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try convert { UInt8($0) } }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try convert { UInt16($0) } }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try convert { UInt32($0) } }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try convert { UInt64($0) } }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            // `as? T` succeeds exactly when T is UUID: then a UUID is read from its text.
            if T.self == UUID.self, let uuid = try convert({ UUID(uuidString: $0) }) as? T { return uuid }
            return try T(from: self)
        }
    }
}
