extension MaxMindDatabase {
    /// The ISO 3166-1 alpha-2 code of the country `address` is in: the record's
    /// `country.iso_code`, or when that is absent its `registered_country.iso_code` (the country
    /// of the network's registration, what GeoLite2 gives for many anycast and satellite
    /// networks). Nil when the database has no record for the address, the record has neither,
    /// the address is IPv6 and the database IPv4-only, or the record is unreadable.
    ///
    /// Reads the two keys straight from the file's bytes, skipping the rest of the record: no
    /// allocation for codes of up to 15 bytes (all real ones).
    public func countryCode(for address: IPAddress) -> String? {
        try? lookupCountryCode(address)
    }

    /// The country code of an address in text (``IPAddress/init(_:)``), nil also when the text is
    /// not an address.
    public func countryCode(for address: some StringProtocol) -> String? {
        IPAddress(address).flatMap { countryCode(for: $0) }
    }

    /// ``countryCode(for:)-(IPAddress)``, telling a corrupt record from a missing one: throws what
    /// ``lookup(_:)`` would throw for the address.
    public func lookupCountryCode(_ address: IPAddress) throws -> String? {
        try file.withUnsafeBytes { raw in
            guard let offset = try dataOffset(of: address, in: raw) else { return nil }
            return try dataSection(raw).countryCode(inRecordAt: offset)
        }
    }
}

extension DataSection {
    /// `country.iso_code`, else `registered_country.iso_code`, of the record at `offset`.
    func countryCode(inRecordAt offset: Int) throws -> String? {
        var registeredCountry: Int? = nil
        var found: String? = nil
        try forEachEntry(ofMapAt: offset) { key, value in
            if equals(key, "country") {
                found = try isoCode(inMapAt: value)
                return found == nil
            }
            if equals(key, "registered_country") { registeredCountry = value }
            return true
        }
        if let found { return found }
        guard let registeredCountry else { return nil }
        return try isoCode(inMapAt: registeredCountry)
    }

    private func isoCode(inMapAt offset: Int) throws -> String? {
        var code: String? = nil
        try forEachEntry(ofMapAt: offset) { key, value in
            guard equals(key, "iso_code") else { return true }
            let (target, header) = try resolve(value)
            guard header.type == .string else { return false }
            let end = try payloadEnd(header, at: target)
            code = try Self.string(UnsafeRawBufferPointer(rebasing: bytes[header.payload..<end]), at: target)
            return false
        }
        return code
    }

    /// Calls `body` with each key's bytes (a range of the section) and its value's offset, until
    /// it returns false. Nothing when the field (a pointer is followed) is not a map.
    private func forEachEntry(ofMapAt offset: Int, _ body: (Range<Int>, Int) throws -> Bool) throws {
        let (start, header) = try resolve(offset)
        guard header.type == .map else { return }
        try checkCount(header.size * 2, from: header.payload, at: start)
        var cursor = header.payload
        for _ in 0..<header.size {
            let (keyOffset, key) = try resolve(cursor)
            guard key.type == .string else {
                throw MaxMindError.corruptData("a map key is not a string", at: keyOffset)
            }
            let keyEnd = try payloadEnd(key, at: keyOffset)
            let value = keyOffset == cursor ? keyEnd : try skip(cursor)
            guard try body(key.payload..<keyEnd, value) else { return }
            cursor = try skip(value)
        }
    }

    private func equals(_ key: Range<Int>, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { bytes[key].elementsEqual($0) }
    }
}
