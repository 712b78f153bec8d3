import Foundation

/// The `$(name)` references in an AASA pattern, found without regular expressions.
enum SubstitutionReference: Hashable {
    case variable(String)
    /// `$(` with no `)` after it.
    case unclosed

    /// A pattern split into literal text (which may hold `*` and `?`) and variable references.
    enum Piece: Hashable {
        case text(String)
        case variable(String)
    }

    static func scan(_ pattern: String) -> [SubstitutionReference] {
        let split = pieces(pattern)
        var references = split.pieces.compactMap { piece -> SubstitutionReference? in
            if case .variable(let name) = piece { return .variable(name) }
            return nil
        }
        if split.unclosed { references.append(.unclosed) }
        return references
    }

    /// Splits `pattern` at `$(…)`; an unclosed `$(` and everything after it stays text.
    static func pieces(_ pattern: String) -> (pieces: [Piece], unclosed: Bool) {
        // Most patterns have no reference: a byte scan decides that without Foundation's search.
        guard mayHoldReference(pattern), pattern.contains("$(") else { return ([.text(pattern)], false) }
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        while let open = rest.range(of: "$(") {
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else {
                pieces.append(.text(String(rest)))
                return (pieces, true)
            }
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            pieces.append(.variable(String(rest[open.upperBound..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return (pieces, false)
    }

    /// Whether `pattern` has the bytes `$(` (without them it holds no reference).
    static func mayHoldReference(_ pattern: String) -> Bool {
        var previous: UInt8 = 0
        for byte in pattern.utf8 {
            if byte == UInt8(ascii: "("), previous == UInt8(ascii: "$") { return true }
            previous = byte
        }
        return false
    }
}
