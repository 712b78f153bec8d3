import DeepLinkRouting
import Foundation
import LinkCore

/// The rows of an export that passed ``LinkImport``'s file checks, read one at a time: CSV records
/// by the header's columns, or the items of a JSON list.
package struct ImportRows {
    private enum Source {
        case csv(columns: [String])
        case json([JSONNode], index: Int)
    }

    private var source: Source
    /// The CSV reader (apart from ``source`` so that reading a row never copies its buffer).
    private var reader: CSVReader?
    /// Header names the format does not read, as written, each once.
    package let unknownColumns: [String]

    init(csv reader: CSVReader, header: [String], format: any ImportFormat) {
        let columns = header.map(format.normalize)
        var seen: Set<String> = []
        var unknown: [String] = []
        for (index, column) in columns.enumerated() where !format.knownColumns.contains(column) {
            if seen.insert(column).inserted { unknown.append(header[index]) }
        }
        source = .csv(columns: columns)
        self.reader = reader
        unknownColumns = unknown
    }

    init(json items: [JSONNode]) {
        source = .json(items, index: 0)
        reader = nil
        unknownColumns = []
    }

    /// How far the reading has come, from 0 to 1.
    var fractionRead: Double {
        switch source {
        case .csv: reader?.fractionRead ?? 1
        case .json(let items, let index): items.isEmpty ? 1 : Double(index) / Double(items.count)
        }
    }

    /// The next row, or the failure of a row that cannot be read; `nil` at the end.
    mutating func next() -> Result<ImportRow, ImportReport.Failure>? {
        switch source {
        case .csv(let columns):
            guard let next = reader?.nextResult() else { return nil }
            switch next {
            case .failure(let error):
                return .failure(.init(line: error.line, shortLink: nil, reason: error.message))
            case .success(let record):
                guard record.fields.count == columns.count else {
                    return .failure(
                        .init(
                            line: record.line, shortLink: nil,
                            reason:
                                "the row has \(record.fields.count) fields but the header has \(columns.count); check the quoting of this row"
                        ))
                }
                var values: [String: String] = [:]
                for (column, value) in zip(columns, record.fields) where values[column] == nil {
                    values[column] = value
                }
                return .success(ImportRow(line: record.line, values: values))
            }
        case .json(let items, let index):
            guard index < items.count else { return nil }
            source = .json(items, index: index + 1)
            let item = items[index]
            guard let members = item.objectValue else {
                return .failure(
                    .init(
                        line: item.location.line, shortLink: nil,
                        reason: "item \(index + 1) of the list is \(item.kindDescription), not a link object"))
            }
            var values: [String: String] = [:]
            for member in members where values[member.key] == nil {
                switch member.value.value {
                case .string(let text): values[member.key] = text
                case .number(let text): values[member.key] = text
                case .bool(let flag): values[member.key] = flag ? "true" : "false"
                case .null, .array, .object: break
                }
            }
            return .success(ImportRow(line: item.location.line, values: values))
        }
    }
}
