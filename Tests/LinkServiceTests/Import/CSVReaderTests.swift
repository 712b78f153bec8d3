import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("CSV reader (RFC 4180)")
struct CSVReaderTests {
    /// Every record of `text`, or the error of each record that cannot be read.
    static func read(_ text: String) -> [Result<CSVRecord, CSVError>] {
        read(Array(text.utf8))
    }

    static func read(_ bytes: [UInt8]) -> [Result<CSVRecord, CSVError>] {
        var reader = CSVReader(bytes)
        var results: [Result<CSVRecord, CSVError>] = []
        while true {
            do {
                guard let record = try reader.next() else { return results }
                results.append(.success(record))
            } catch {
                results.append(.failure(error))
            }
        }
    }

    static func records(_ text: String) -> [CSVRecord] {
        read(text).compactMap { try? $0.get() }
    }

    @Test("quoted fields keep commas, doubled quotes and line breaks; each record knows its first line")
    func quoting() {
        let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",plain\n\"line one\nline two\",2,3\nlast,,\n"
        #expect(
            Self.records(text) == [
                CSVRecord(line: 1, fields: ["a", "b", "c"]),
                CSVRecord(line: 2, fields: ["x, y", "say \"hi\"", "plain"]),
                CSVRecord(line: 3, fields: ["line one\nline two", "2", "3"]),
                CSVRecord(line: 5, fields: ["last", "", ""]),
            ])
    }

    @Test("CRLF and LF line ends, with and without a final line break, read alike")
    func lineEnds() {
        let expected = [
            CSVRecord(line: 1, fields: ["h1", "h2"]), CSVRecord(line: 2, fields: ["a", "multi\r\nline"]),
            CSVRecord(line: 4, fields: ["b", "c"]),
        ]
        #expect(Self.records("h1,h2\r\na,\"multi\r\nline\"\r\nb,c\r\n") == expected)
        #expect(Self.records("h1,h2\r\na,\"multi\r\nline\"\r\nb,c") == expected)
        #expect(
            Self.records("h1,h2\na,\"multi\nline\"\nb,c\n").map(\.line) == [1, 2, 4])
    }

    @Test("a UTF-8 byte order mark is skipped; non-ASCII text and spaces are kept as written")
    func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("short_link,st\n x ,Café ☕\n".utf8)
        let records = Self.read(bytes).compactMap { try? $0.get() }
        #expect(
            records == [
                CSVRecord(line: 1, fields: ["short_link", "st"]), CSVRecord(line: 2, fields: [" x ", "Café ☕"]),
            ])
    }

    @Test("blank lines are skipped but counted")
    func blankLines() {
        #expect(Self.records("a\n\n\nb\r\n\r\nc").map(\.line) == [1, 4, 6])
    }

    @Test("a malformed record is an error naming its line, and reading goes on after it")
    func malformed() throws {
        let results = Self.read("a,b\n\"x\"y,2\nok,3\n\"never closed,4\n")
        #expect(results.count == 4)
        #expect(try results[0].get() == CSVRecord(line: 1, fields: ["a", "b"]))
        #expect(throws: CSVError.self) { try results[1].get() }
        if case .failure(let error) = results[1] {
            #expect(error.line == 2)
            #expect(error.message.contains("after its closing quote"))
        }
        #expect(try results[2].get() == CSVRecord(line: 3, fields: ["ok", "3"]))
        if case .failure(let error) = results[3] {
            #expect(error.line == 4)
            #expect(error.message.contains("never closed"))
        } else {
            Issue.record("an unclosed quote must be an error")
        }
    }

    @Test("bytes that are not UTF-8 are an error of their record")
    func notUTF8() throws {
        let results = Self.read(Array("a\n".utf8) + [0xFF, 0xFE] + Array("\nb\n".utf8))
        #expect(results.count == 3)
        if case .failure(let error) = results[1] { #expect(error.line == 2) } else { Issue.record("expected an error") }
        #expect(try results[2].get().fields == ["b"])
    }
}
