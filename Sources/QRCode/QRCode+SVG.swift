extension QRCode {
    /// The code as an SVG document: a white square with `quietZone` light modules around the
    /// symbol, and every dark module in one `<path>`, in module units under a `viewBox` so it
    /// scales without blur (`shape-rendering="crispEdges"`). `width` and `height` are the modules
    /// across times whole pixels per module: `pixels / (size + 2 × quietZone)` rounded to the
    /// nearest whole number, at least 1; so within half a module of `pixels`. The `<title>` is the
    /// encoded text, escaped.
    public func svg(size pixels: Int, quietZone: Int = 4) -> String {
        let margin = max(0, quietZone)
        let modulesAcross = size + 2 * margin
        let side = pixelsPerModule(size: pixels, quietZone: margin) * modulesAcross
        let path = svgPathData(quietZone: margin)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" \
            viewBox="0 0 \(modulesAcross) \(modulesAcross)" shape-rendering="crispEdges">\
            <title>\(QRCode.escapeXML(text))</title>\
            <rect width="\(modulesAcross)" height="\(modulesAcross)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>

            """
    }

    /// The `d` of the `<path>` ``svg(size:quietZone:)`` draws: each run of dark modules in a row
    /// as a rectangle, in module units, offset by `quietZone`. Letters, digits, spaces and `-`
    /// only, so a page can write it into its own `<svg>` as it is.
    public func svgPathData(quietZone: Int = 4) -> String {
        let margin = max(0, quietZone)
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + margin) \(y + margin)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return path
    }

    /// `text` safe in XML character data and attribute values: the five special characters as
    /// references, and control characters XML 1.0 does not allow as U+FFFD.
    static func escapeXML(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
