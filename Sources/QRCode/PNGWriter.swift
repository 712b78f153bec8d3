/// A minimal PNG encoder for black-and-white images: 1-bit grayscale, no interlacing, every
/// scanline with filter 0, and the image data in a zlib stream of stored (uncompressed) deflate
/// blocks. No compression keeps the writer small and obviously right; a QR code's PNG at 1 bit
/// per pixel is small enough (a 1,024-pixel image is about 130 kB).
enum PNGWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A `width`×`height` PNG whose pixel (x, y) is black where `isBlack(x, y)`. `rowKey` lets
    /// identical rows be packed once: rows with the same key must have the same pixels.
    static func blackAndWhite(
        width: Int, height: Int, rowKey: (Int) -> Int = { $0 }, isBlack: (_ x: Int, _ y: Int) -> Bool
    ) -> [UInt8] {
        precondition(width > 0 && height > 0, "a PNG has at least one pixel")
        let rowBytes = (width + 7) / 8
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((rowBytes + 1) * height)
        var packed: (key: Int, bytes: [UInt8])?
        for y in 0..<height {
            let key = rowKey(y)
            if packed?.key != key {
                // Gray level 1 is white, so a set bit is a light pixel; padding bits stay white.
                var bytes = [UInt8](repeating: 0xFF, count: rowBytes)
                for x in 0..<width where isBlack(x, y) { bytes[x >> 3] &= ~(0x80 >> UInt8(x & 7)) }
                packed = (key, bytes)
            }
            scanlines.append(0)
            scanlines.append(contentsOf: packed?.bytes ?? [])
        }
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, grayscale, deflate, filter method 0, no interlace
        var png = signature
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", zlibStored(scanlines))
        png.appendChunk("IEND", [])
        return png
    }

    /// A zlib stream (RFC 1950) of `data` in stored deflate blocks (RFC 1951, 3.2.4) of at most
    /// 65,535 bytes each.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        // 0x78 0x01: deflate with a 32 KiB window, no dictionary, check bits making it a multiple of 31.
        var stream: [UInt8] = [0x78, 0x01]
        stream.reserveCapacity(data.count + data.count / 65535 * 5 + 11)
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)  // BFINAL on the last block, BTYPE 00 (stored)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        stream.appendBigEndian(Adler32.checksum(data))
        return stream
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }

    /// Length, type, data, and the CRC-32 of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        append(contentsOf: typeAndData)
        appendBigEndian(CRC32.checksum(typeAndData))
    }
}
