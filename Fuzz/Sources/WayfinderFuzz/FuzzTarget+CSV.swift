import LinkCore
import LinkService

extension FuzzTarget {
    /// The CSV reader of Google's Firebase Dynamic Links export, read to the end; every record
    /// is also mapped onto FDL parameters by the header, as the import does.
    static let csv = FuzzTarget(name: "csv") { bytes in
        var reader = CSVReader(bytes)
        var header: [String]? = nil
        while let result = reader.nextResult() {
            guard case .success(let record) = result else { continue }
            guard let names = header else {
                header = record.fields
                continue
            }
            var values: [String: String] = [:]
            for (name, value) in zip(names, record.fields) { values[name] = value }
            _ = FirebaseLinkParameters(values).content
        }
    }
}
