import Foundation
import Testing

@testable import QRCode

@Suite("SVG output")
struct SVGTests {
    @Test("The title carries the text with &, <, >, quotes escaped, and nothing of it unescaped")
    func titleIsEscaped() throws {
        let text = "https://example.com/?a=1&b=<script>alert(\"x\")</script>&c='y'"
        let svg = try QRCode(encoding: text).svg(size: 256)
        #expect(
            svg.contains(
                "<title>https://example.com/?a=1&amp;b=&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;c=&apos;y&apos;</title>"
            ))
        #expect(!svg.contains("<script>"))
    }

    @Test("Control characters XML cannot carry become U+FFFD in the title")
    func controlCharactersAreReplaced() {
        #expect(QRCode.escapeXML("a\u{0}b\u{1B}c\td") == "a\u{FFFD}b\u{FFFD}c\td")
    }

    @Test("One path in module units under a viewBox, with whole pixels per module")
    func structureAndSize() throws {
        let code = try QRCode(encoding: "https://example.com/svg")
        #expect(code.size == 25)
        // 33 modules across with the quiet zone: 512 / 33 = 15.5 rounds to 16 pixels per module,
        // 500 / 33 = 15.2 to 15.
        let svg = code.svg(size: 512)
        #expect(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"528\" height=\"528\" viewBox=\"0 0 33 33\""))
        #expect(code.svg(size: 500).contains("width=\"495\" height=\"495\""))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        // Too small for a pixel per module: one pixel each, never a fraction.
        #expect(code.svg(size: 10, quietZone: 0).contains("width=\"25\" height=\"25\" viewBox=\"0 0 25 25\""))
    }

    @Test("The path covers exactly the dark modules: its area equals their count")
    func pathAreaMatchesDarkModules() throws {
        let code = try QRCode(encoding: "https://example.com/area", correction: .high)
        let svg = code.svg(size: 512)
        let path = try #require(svg.split(separator: "d=\"").last?.split(separator: "\"").first)
        let area = path.split(separator: "z").reduce(0) { sum, segment in
            sum + (Int(segment.split(separator: "h")[1].split(separator: "v")[0]) ?? 0)
        }
        let dark = (0..<code.size).reduce(0) { sum, y in sum + (0..<code.size).filter { code.isDark(x: $0, y: y) }.count
        }
        #expect(area == dark)
    }
}
