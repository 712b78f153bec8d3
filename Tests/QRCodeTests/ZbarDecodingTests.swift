import Foundation
import TestSupport
import Testing

@testable import QRCode

/// The encoder checked by a real, independent decoder: zbar's `zbarimg` (Debian's `zbar-tools`;
/// CI installs it) reads every generated PNG, and the text must come back byte for byte.
@Suite(
    "Decoding with zbarimg", .serialized,
    .enabled(if: Zbar.path != nil, "zbarimg is not installed; apt-get install zbar-tools to run these tests"))
struct ZbarDecodingTests {
    @Test(
        "URLs of 1 to 2,953 characters decode exactly at every level",
        arguments: QRCode.ErrorCorrection.allCases)
    func urlsOfManyLengths(correction: QRCode.ErrorCorrection) async throws {
        let maximum = QRCapacity(version: 40, correction: correction).byteCapacity
        let lengths = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1000, 1024, 1597, 2000, 2584]
        let zbar = try Zbar()
        defer { zbar.remove() }
        for length in lengths.filter({ $0 <= maximum }) + [maximum] {
            let text = Zbar.url(length: length)
            let code = try QRCode(encoding: text, correction: correction)
            #expect(
                try await zbar.decode(code) == text,
                "\(length) characters at \(correction.rawValue), version \(code.version)"
            )
        }
    }

    @Test(
        "At every version's byte capacity and one byte over (the next version), the code decodes exactly",
        arguments: QRCode.ErrorCorrection.allCases)
    func versionBoundaries(correction: QRCode.ErrorCorrection) async throws {
        let zbar = try Zbar()
        defer { zbar.remove() }
        for version in 1...40 {
            let capacity = QRCapacity(version: version, correction: correction).byteCapacity
            for (length, expectedVersion) in [(capacity, version), (capacity + 1, version + 1)]
            where expectedVersion <= 40 {
                let text = Zbar.url(length: length)
                let code = try QRCode(encoding: text, correction: correction)
                #expect(code.version == expectedVersion)
                #expect(
                    try await zbar.decode(code) == text,
                    "\(length) characters at \(correction.rawValue), version \(code.version)")
            }
        }
    }

    @Test("Non-ASCII text comes back as the same UTF-8, thanks to the ECI header")
    func utf8Text() async throws {
        let zbar = try Zbar()
        defer { zbar.remove() }
        for text in ["https://x.example/ä", "https://example.com/café/日本語?q=ü", "Grüße 👋"] {
            #expect(try await zbar.decode(QRCode(encoding: text, correction: .quartile)) == text)
        }
    }

    @Test("A link's code decodes at the sizes the API allows, from 64 pixels (2 per module) up")
    func sizesDecode() async throws {
        let zbar = try Zbar()
        defer { zbar.remove() }
        let text = "https://share.stories.example.com/summer-sale"
        let code = try QRCode(encoding: text)
        for pixels in [64, 100, 512, 1000] {
            #expect(try await zbar.decode(png: code.png(size: pixels)) == text, "\(pixels) pixels")
        }
    }
}

/// Runs `zbarimg --raw -q` on PNGs written to a temporary directory of its own.
private struct Zbar {
    static let path = ChildProcess.find("zbarimg")

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Three pixels per module: small images, and still crisp for the decoder.
    func decode(_ code: QRCode) async throws -> String {
        try await decode(png: code.png(size: (code.size + 8) * 3))
    }

    /// What zbarimg reads, without the newline it ends its output with; "" when it finds nothing.
    func decode(png: [UInt8]) async throws -> String {
        let file = directory.appendingPathComponent("\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var text = try await ChildProcess.runDetached(
            Zbar.path ?? "zbarimg", ["--raw", "-q", file.path], standardError: .discard
        ).stdout
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// A URL-like text of exactly `length` characters: the start of "https://example.com/" for
    /// short lengths, then path and query characters in a fixed, varied order.
    static func url(length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?=&%+")
        let start = "https://example.com/"
        let rest = (0..<max(0, length - start.count)).map { alphabet[($0 * 7 + 3) % alphabet.count] }
        return String(start.prefix(length)) + String(rest)
    }
}
