/// A two-column list for `--help` text (a name, then what it means), wrapped before
/// ArgumentParser sees it: ArgumentParser wraps a discussion's long lines to column 0, which tears
/// a table apart, but leaves lines shorter than the screen alone.
///
/// A name that fits before `meaningColumn` shares its line with the start of the meaning; a longer
/// one (every environment variable, with the default column) has its line to itself and the
/// meaning follows, indented. Names are never cut, and every line is at most `width` characters
/// unless a single word is longer.
struct HelpTable {
    var rows: [(name: String, meaning: String)]
    /// Where a name starts.
    var indent = 2
    /// Where a meaning starts.
    var meaningColumn = 6
    /// The longest line (ArgumentParser rewraps lines of 80 characters or more on an 80-column screen).
    var width = 78

    func rendered() -> String {
        let pad = String(repeating: " ", count: meaningColumn)
        var lines: [String] = []
        for row in rows {
            let name = String(repeating: " ", count: indent) + row.name
            var meaning = Self.wrap(row.meaning, width: width - meaningColumn)
            if name.count + 2 <= meaningColumn, let first = meaning.first {
                lines.append(name + String(repeating: " ", count: meaningColumn - name.count) + first)
                meaning.removeFirst()
            } else {
                lines.append(name)
            }
            lines += meaning.map { pad + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word keeps a line
    /// of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
