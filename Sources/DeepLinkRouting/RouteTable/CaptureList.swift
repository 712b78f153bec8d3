/// One captured value: which name it fills and where its (still percent-encoded) text is.
struct Capture: Sendable, Hashable {
    var name: Int32
    var start: Int32
    var end: Int32
}

/// The captures of one match, the first four inline so that matching a typical route allocates
/// nothing for them.
struct CaptureList: Sendable {
    private(set) var count = 0
    private var inline: (Capture, Capture, Capture, Capture) = (.empty, .empty, .empty, .empty)
    private var overflow: [Capture] = []

    subscript(index: Int) -> Capture {
        switch index {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        case 3: inline.3
        default: overflow[index - 4]
        }
    }

    mutating func push(_ capture: Capture) {
        switch count {
        case 0: inline.0 = capture
        case 1: inline.1 = capture
        case 2: inline.2 = capture
        case 3: inline.3 = capture
        default: overflow.append(capture)
        }
        count += 1
    }

    mutating func pop() {
        count -= 1
        if count >= 4 { overflow.removeLast() }
    }

    /// Drops captures back to `count`.
    mutating func truncate(to newCount: Int) {
        while count > newCount { pop() }
    }
}

extension Capture {
    static let empty = Capture(name: -1, start: 0, end: 0)
}
