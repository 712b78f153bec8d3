import Foundation
import LinkCore
import LinkService
import LinkStorage
import Testing

@Suite("CSV reader: streaming in chunks")
struct CSVStreamingTests {
    static func records(_ chunks: some ByteChunks) -> [Result<CSVRecord, CSVError>] {
        var reader = CSVReader(chunks: chunks)
        var results: [Result<CSVRecord, CSVError>] = []
        while let next = reader.nextResult() { results.append(next) }
        return results
    }

    @Test("any chunk boundary (inside quotes, between \"\", between CR and LF, inside UTF-8) reads the same records")
    func chunkBoundaries() {
        let text =
            "\u{FEFF}h1,h2,h3\r\n\"line one\r\nline two\",\"say \"\"hi\"\"\",Café ☕\r\nplain,\"a,b\",\"\"\"\"\n\n\"x\ny\",2,3"
        let bytes = Array(text.utf8)
        let whole = Self.records(InMemoryChunks(bytes)).map { try? $0.get() }
        #expect(whole.count == 4)
        #expect(whole[1] == CSVRecord(line: 2, fields: ["line one\r\nline two", "say \"hi\"", "Café ☕"]))
        #expect(whole[2] == CSVRecord(line: 4, fields: ["plain", "a,b", "\""]))
        #expect(whole[3] == CSVRecord(line: 6, fields: ["x\ny", "2", "3"]))
        for size in 1...bytes.count {
            #expect(Self.records(SlicedChunks(bytes, size: size)).map { try? $0.get() } == whole, "chunks of \(size)")
        }
    }

    @Test("a large generated file is read through a buffer of a few chunks, never whole")
    func flatMemory() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.path("large.csv")
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: Data("keyword,url,title\n".utf8))
            let rows = 60_000
            var block = ""
            for index in 0..<rows {
                block += "k\(index),https://acme.example/story/\(index),\"Title \(index)\nsecond line, with a comma\"\n"
                if index % 5_000 == 4_999 {
                    try handle.write(contentsOf: Data(block.utf8))
                    block = ""
                }
            }
            try handle.close()
            let chunks = try FileChunks(path: path, chunkSize: 16 * 1024)
            let size = try #require(chunks.totalBytes)
            #expect(size > 4_000_000)
            var reader = CSVReader(chunks: chunks)
            var count = 0
            var largest = 0
            while let record = try reader.next() {
                count += 1
                largest = max(largest, reader.bufferedBytes)
                if count > 1 { #expect(record.fields.count == 3) }
            }
            #expect(count == rows + 1)
            #expect(largest <= 2 * 16 * 1024, "the reader held \(largest) bytes of a \(size)-byte file")
            #expect(reader.fractionRead == 1)
        }
    }

    @Test("a record longer than the limit is skipped and reported; reading goes on after it")
    func recordTooLong() {
        let bytes = Array("a,b\n\(String(repeating: "x", count: 100)),1\nc,d\n".utf8)
        var reader = CSVReader(chunks: SlicedChunks(bytes, size: 7), maximumRecordBytes: 50)
        #expect((try? reader.next()) == CSVRecord(line: 1, fields: ["a", "b"]))
        #expect(throws: CSVError.recordTooLong(line: 2, limit: 50)) { try reader.next() }
        #expect((try? reader.next()) == CSVRecord(line: 3, fields: ["c", "d"]))
    }
}
