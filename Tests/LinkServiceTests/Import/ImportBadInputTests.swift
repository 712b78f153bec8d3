import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import LinkStorage
import Testing

@Suite("Import: a file that cannot be imported stops it before anything is written")
struct ImportBadInputTests {
    /// The error importing `bytes` as `format` throws; the store must stay empty.
    static func error(_ bytes: [UInt8], as format: any ImportFormat) async throws -> ImportError? {
        let store = MemoryLinkStore()
        let importer = try ImportSourcesTests.importer(format, store: store)
        do {
            _ = try await importer.run(.bytes(bytes), dryRun: false)
            return nil
        } catch let error as ImportError {
            #expect(try await ImportSourcesTests.links(store).isEmpty)
            return error
        }
    }

    @Test("another source's export is named, with the command that reads it")
    func wrongFormat() async throws {
        let shlink = Array("Long URL,Short code\nhttps://acme.example/story/1,a\n".utf8)
        let error = try #require(try await Self.error(shlink, as: FirebaseFormat()))
        #expect(error.code == .wrongFormat)
        #expect(error.message.contains("looks like Shlink CSV"), "\(error.message)")
        #expect(error.message.contains("wayfinder import shlink"))

        let json = try #require(try await Self.error(Array("{\"data\": []}".utf8), as: YOURLSFormat()))
        #expect(json.code == .wrongFormat)
        #expect(json.message.contains("JSON"))

        let csv = try #require(
            try await Self.error(Array("keyword,url\nx,https://acme.example/story/1\n".utf8), as: KuttFormat()))
        #expect(csv.code == .wrongFormat)
        #expect(csv.message.contains("YOURLS export"), "\(csv.message)")
    }

    @Test("a missing required column is named")
    func missingColumn() async throws {
        let error = try #require(try await Self.error(Array("keyword,title\nx,y\n".utf8), as: YOURLSFormat()))
        #expect(error == .missingColumns(["url"], found: ["keyword", "title"]))
        #expect(error.message.contains("no \"url\" column"))
    }

    @Test("UTF-16 text, and a row that is not UTF-8 deep in the file, are refused before any row is written")
    func encoding() async throws {
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "keyword,url\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let error = try #require(try await Self.error(utf16, as: YOURLSFormat()))
        #expect(error.code == .unreadableEncoding)
        #expect(error.message.contains("UTF-16"))

        var latin1 = Array("keyword,url\n".utf8)
        for index in 0..<50 { latin1 += Array("k\(index),https://acme.example/story/\(index)\n".utf8) }
        latin1 += Array("caf".utf8) + [0xE9] + Array(",https://acme.example/story/99\n".utf8)
        let late = try #require(try await Self.error(latin1, as: YOURLSFormat()))
        #expect(late.code == .unreadableEncoding)
        #expect(late.message.hasPrefix("line 52 is not UTF-8 text; save the file as UTF-8"), "\(late.message)")
    }

    @Test("a row longer than the reader keeps stops the import, naming its line")
    func rowTooLong() async throws {
        let long = String(repeating: "a", count: CSVReader.defaultMaximumRecordBytes + 10)
        let bytes = Array("keyword,url\nok,https://acme.example/story/1\nx,\"\(long)\n".utf8)
        let error = try #require(try await Self.error(bytes, as: YOURLSFormat()))
        #expect(error.code == .rowTooLong)
        #expect(error.message.hasPrefix("line 3: the row is longer than 1024 KiB"), "\(error.message)")
    }

    @Test("a path that does not exist, and an empty file, are one clear error")
    func missingPath() async throws {
        let importer = try ImportSourcesTests.importer(BitlyFormat(), store: MemoryLinkStore())
        await #expect(throws: ImportError.unreadableFile("no such file; check the path")) {
            _ = try await importer.run(.file("no-such-export.csv"), dryRun: false)
        }
        await #expect(throws: ImportError.emptyFile) {
            _ = try await importer.run(.bytes([]), dryRun: false)
        }
    }

    @Test("--domain must be one of the tenant's domains")
    func unknownDomain() async throws {
        #expect(throws: ImportError.self) {
            _ = try ImportSourcesTests.importer(YOURLSFormat(), store: MemoryLinkStore(), domain: "elsewhere.example")
        }
    }
}
