extension Collection {
    /// The collection cut into consecutive pieces of `size` elements (the last may be shorter):
    /// the rows of one multi-row statement each.
    package func chunks(of size: Int) -> [SubSequence] {
        precondition(size > 0, "a chunk holds at least one element")
        var pieces: [SubSequence] = []
        var start = startIndex
        while start != endIndex {
            let end = index(start, offsetBy: size, limitedBy: endIndex) ?? endIndex
            pieces.append(self[start..<end])
            start = end
        }
        return pieces
    }
}
