/// The BCH-protected words that tell a reader how to read the symbol: format information (level
/// and mask, BCH(15,5), masked with 0x5412 so it is never all light) and, from version 7, version
/// information (BCH(18,6)).
enum QRFormatInformation {
    /// The 15 format bits for `correction` and `mask`, bit 14 first.
    static func formatBits(correction: QRCode.ErrorCorrection, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        return (data << 10 | remainder(data, bits: 10, generator: 0x537)) ^ 0x5412
    }

    /// The 18 version bits for versions 7 and up.
    static func versionBits(version: Int) -> Int {
        version << 12 | remainder(version, bits: 12, generator: 0x1F25)
    }

    /// The remainder of `data`·x^`bits` divided by the generator polynomial.
    private static func remainder(_ data: Int, bits: Int, generator: Int) -> Int {
        var remainder = data
        for _ in 0..<bits {
            remainder = (remainder << 1) ^ ((remainder >> (bits - 1)) * generator)
        }
        return remainder
    }
}
