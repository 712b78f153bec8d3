import Testing

@testable import QRCode

@Suite("PNG writer")
struct PNGTests {
    @Test("CRC-32 of \"123456789\" is 0xCBF43926 (the standard check value); of nothing, 0")
    func crc32CheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        // The CRC every PNG's IEND chunk carries.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test("Adler-32 of \"Wikipedia\" is 0x11E60398; of nothing, 1; of a megabyte of 0xFF, zlib's value")
    func adler32KnownValues() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8]()) == 1)
        // Sums past 5552 bytes must be reduced in time; python3 -c "import zlib; print(hex(zlib.adler32(b'\xff'*1048576)))"
        #expect(Adler32.checksum([UInt8](repeating: 0xFF, count: 1 << 20)) == 0x8E88_EF11)
    }

    @Test("A code's PNG has the signature, a 1-bit grayscale IHDR, valid CRCs, and pixels that match the modules")
    func pngStructureAndPixels() throws {
        let code = try QRCode(encoding: "https://example.com/png", correction: .quartile)
        let quietZone = 4
        let png = code.png(size: 300, quietZone: quietZone)
        let image = try DecodedPNG(png)
        // Version 3: 29 + 8 = 37 modules across; 300 / 37 = 8.1 rounds to 8 pixels per module.
        #expect(code.version == 3)
        let scale = 8
        #expect(image.width == 296)
        #expect(image.height == image.width)
        #expect(image.chunkTypes == ["IHDR", "IDAT", "IEND"])
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dark = code.isDark(x: x / scale - quietZone, y: y / scale - quietZone)
                if image.isBlack(x: x, y: y) != dark {
                    Issue.record("pixel (\(x), \(y)) does not match its module")
                    return
                }
            }
        }
    }

    @Test("Image data longer than one stored block (65,535 bytes) is split, and still round-trips")
    func largeImageSpansStoredBlocks() throws {
        let code = try QRCode(encoding: String(repeating: "https://example.com/", count: 40), correction: .low)
        let png = code.png(size: 2048)
        let image = try DecodedPNG(png)
        #expect(image.storedBlocks > 1)
        #expect(image.isBlack(x: image.width / 2, y: 0) == false)
    }
}

/// Reads what ``PNGWriter`` writes, checking every checksum on the way: chunks and their CRCs,
/// the zlib header, stored deflate blocks, Adler-32, then 1-bit scanlines with filter 0.
private struct DecodedPNG {
    struct Malformed: Error, CustomStringConvertible { let description: String }

    var width = 0
    var height = 0
    var chunkTypes: [String] = []
    var storedBlocks = 0
    private var rows: [[UInt8]] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Malformed(description: "no PNG signature")
        }
        func uint32(_ at: Int) -> Int { bigEndian(bytes, at) }
        var offset = 8
        var idat: [UInt8] = []
        while offset < bytes.count {
            let length = uint32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            guard UInt32(uint32(offset + 8 + length)) == CRC32.checksum(Array(type.utf8) + data) else {
                throw Malformed(description: "bad CRC in \(type)")
            }
            chunkTypes.append(type)
            switch type {
            case "IHDR":
                width = bigEndian(data, 0)
                height = bigEndian(data, 4)
                guard Array(data[8...]) == [1, 0, 0, 0, 0] else { throw Malformed(description: "not 1-bit gray") }
            case "IDAT": idat += data
            default: break
            }
            offset += 12 + length
        }
        guard idat.count >= 6, (Int(idat[0]) << 8 | Int(idat[1])) % 31 == 0, idat[0] & 0x0F == 8 else {
            throw Malformed(description: "bad zlib header")
        }
        var position = 2
        var inflated: [UInt8] = []
        var final = false
        while !final {
            final = idat[position] & 1 == 1
            guard idat[position] >> 1 & 3 == 0 else { throw Malformed(description: "not a stored block") }
            let length = Int(idat[position + 1]) | Int(idat[position + 2]) << 8
            let complement = Int(idat[position + 3]) | Int(idat[position + 4]) << 8
            guard length ^ complement == 0xFFFF else { throw Malformed(description: "LEN and NLEN disagree") }
            inflated += idat[(position + 5)..<(position + 5 + length)]
            position += 5 + length
            storedBlocks += 1
        }
        guard idat.count == position + 4, UInt32(bigEndian(idat, position)) == Adler32.checksum(inflated) else {
            throw Malformed(description: "bad Adler-32")
        }
        let rowBytes = (width + 7) / 8
        guard inflated.count == height * (rowBytes + 1) else { throw Malformed(description: "wrong data length") }
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            guard inflated[start] == 0 else { throw Malformed(description: "filter \(inflated[start]) on row \(y)") }
            rows.append(Array(inflated[(start + 1)..<(start + 1 + rowBytes)]))
        }
    }

    func isBlack(x: Int, y: Int) -> Bool { rows[y][x >> 3] & (0x80 >> UInt8(x & 7)) == 0 }
}

private func bigEndian(_ bytes: [UInt8], _ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
