extension QRCode {
    /// The code as a 1-bit grayscale PNG with `quietZone` light modules around the symbol. The
    /// image is square: the modules across times whole pixels per module, `pixels / (size + 2 ×
    /// quietZone)` rounded to the nearest whole number, at least 1; so within half a module of
    /// `pixels`.
    public func png(size pixels: Int, quietZone: Int = 4) -> [UInt8] {
        let margin = max(0, quietZone)
        let scale = pixelsPerModule(size: pixels, quietZone: margin)
        let side = scale * (size + 2 * margin)
        return PNGWriter.blackAndWhite(width: side, height: side, rowKey: { $0 / scale }) { x, y in
            isDark(x: x / scale - margin, y: y / scale - margin)
        }
    }
}
