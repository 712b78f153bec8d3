import DeepLinkRouting
import Foundation
import LinkCore

extension LinkImport {
    /// Reads the whole input once, streaming and without a store, and answers its rows from the
    /// start; throws ``ImportError`` when the file cannot be imported at all (empty, not UTF-8,
    /// another format, a missing required column, a row too long).
    package static func check(_ input: ImportInput, as format: any ImportFormat) throws(ImportError) -> ImportRows {
        let start = try input.prefix(4096)
        guard !start.isEmpty else { throw .emptyFile }
        try Self.checkEncoding(of: start)
        let text = start.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(start.dropFirst(3)) : start
        let firstByte = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let looksLikeJSON = firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[")
        if format.isJSON {
            guard looksLikeJSON else {
                var reader = CSVReader(chunks: try input.chunks())
                let header = (try? reader.next())?.fields ?? []
                throw .wrongFormat(
                    expected: format.exportName, looksLike: Self.describe(header: header),
                    hint: "\(format.name) reads the JSON its API answers")
            }
            return try checkJSON(input.allBytes(), as: format)
        }
        if looksLikeJSON {
            throw .wrongFormat(
                expected: format.exportName, looksLike: "JSON (Kutt's link list is JSON)",
                hint: "a JSON link list is imported with `wayfinder import kutt`")
        }
        return try checkCSV(input, as: format)
    }

    /// UTF-16 and UTF-32 text (a byte order mark or NUL bytes) are refused by name.
    private static func checkEncoding(of start: [UInt8]) throws(ImportError) {
        if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF]) {
            throw .unreadableEncoding("the file is UTF-16 text (it starts with a UTF-16 byte order mark)")
        }
        if start.contains(0) {
            throw .unreadableEncoding("the file holds NUL bytes, so it is not UTF-8 text (UTF-16 or binary?)")
        }
    }

    private static func checkCSV(_ input: ImportInput, as format: any ImportFormat) throws(ImportError) -> ImportRows {
        var scan = CSVReader(chunks: try input.chunks())
        let header: [String]
        do {
            guard let record = try scan.next() else { throw ImportError.emptyFile }
            header = record.fields
        } catch let error as CSVError {
            switch error.code {
            case .notUTF8: throw .unreadableEncoding("the header row (line \(error.line)) is not UTF-8 text")
            case .recordTooLong: throw .tooLong(error.description)
            default: throw .unreadableHeader(error)
            }
        } catch {
            throw error as? ImportError ?? .emptyFile
        }
        if !format.matches(header: header) {
            if let other = ImportSources.all.first(where: {
                !$0.isJSON && $0.name != format.name && $0.matches(header: header)
            }) {
                throw .wrongFormat(
                    expected: format.exportName, looksLike: other.exportName,
                    hint: "import it with `wayfinder import \(other.name)`")
            }
            let columns = Set(header.map(format.normalize))
            throw .missingColumns(format.requiredColumns.filter { !columns.contains($0) }, found: header)
        }
        // Every row once, holding none: the faults that stop an import before anything is written.
        while true {
            do {
                guard try scan.next() != nil else { break }
            } catch {
                switch error.code {
                case .notUTF8: throw .unreadableEncoding("line \(error.line) is not UTF-8 text")
                case .recordTooLong: throw .tooLong(error.description)
                default: continue
                }
            }
        }
        var rows = CSVReader(chunks: try input.chunks())
        _ = try? rows.next()  // the header, read above
        return ImportRows(csv: rows, header: header, format: format)
    }

    private static func checkJSON(_ bytes: [UInt8], as format: any ImportFormat) throws(ImportError) -> ImportRows {
        let document: JSONNode
        do {
            document = try JSONParser(maximumDepth: 32).parse(bytes)
        } catch {
            throw .malformedJSON("the file is not JSON: \(error)")
        }
        // A page of the API's answer ({"data": [...]}) or a list of links.
        guard let items = document["data"]?.arrayValue ?? document.arrayValue else {
            throw .malformedJSON(
                "the JSON is \(document.kindDescription) without a \"data\" list; save the answer of the API's link list (GET /api/v2/links)"
            )
        }
        if let first = items.first?.objectValue {
            let keys = Set(first.map(\.key))
            let missing = format.requiredColumns.filter { !keys.contains($0) }
            guard missing.isEmpty else { throw .missingColumns(missing, found: first.map(\.key)) }
        }
        return ImportRows(json: items)
    }

    /// What a CSV header looks like, for a wrong-format message.
    private static func describe(header: [String]) -> String {
        if let other = ImportSources.all.first(where: { !$0.isJSON && $0.matches(header: header) }) {
            return other.exportName + " (import it with `wayfinder import \(other.name)`)"
        }
        return "CSV with the columns \(header.prefix(6).joined(separator: ", "))"
    }
}
