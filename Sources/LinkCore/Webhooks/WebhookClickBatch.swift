/// The `link.clicked` events of one click flush for one endpoint, kept as one outbox row.
///
/// A click event per outbox row made every click cost a row of about 700 bytes, its index entries,
/// and two rewrites (claimed, delivered): more work than the redirect that made the click. One row
/// for up to ``maximumEvents`` events of a flush costs one row's work, and each link's JSON is
/// stored once for all of its clicks. The delivery worker sends each event on its own, as
/// Standard Webhooks wants; an event that is not delivered at its first attempt leaves the batch
/// and goes on as a message of its own (see ``WebhookRecords``).
///
/// The stored text is a line per link and a line per event (compact JSON never holds a raw line
/// break or tab, so neither can appear inside a field):
///
/// ```
/// wayfinder-click-batch 1
/// L\t{link JSON}
/// E\t{webhook-id}\t{index of its L line}\t{"timestamp"}\t{click JSON}
/// ```
package enum WebhookClickBatch {
    /// One click's event before it is written into a batch.
    package struct Event: Sendable, Hashable {
        package var linkID: String
        /// The link's compact JSON (the same text for every click of the link in a flush).
        package var linkText: String
        /// The `webhook-id`, then the event's time as a JSON string literal (quotes included),
        /// then the click's compact JSON: an event line's parts, in one buffer.
        package var bytes: [UInt8]
        /// Where the id ends and the timestamp starts in ``bytes``.
        package var idEnd: Int
        /// Where the timestamp ends and the click's JSON starts in ``bytes``.
        package var clickStart: Int

        /// The `webhook-id`, the same for every endpoint and attempt.
        package var id: String { String(decoding: bytes[..<idEnd], as: UTF8.self) }

        /// The body sent: `{"type":"link.clicked","timestamp":…,"data":{"link":…,"click":…}}`.
        package var payload: String {
            WebhookClickBatch.payload(
                timestamp: String(decoding: bytes[idEnd..<clickStart], as: UTF8.self), link: linkText,
                click: String(decoding: bytes[clickStart...], as: UTF8.self))
        }
    }

    /// One endpoint's batch, written as its events come.
    package struct Writer {
        private var linkLines = Array(WebhookClickBatch.header.utf8)
        private var eventLines: [UInt8] = []
        private var linkIndexes: [String: Int] = [:]
        /// The events written so far.
        package private(set) var count = 0

        package init() {
            eventLines.reserveCapacity(maximumEvents * 200)
        }

        /// Adds `event`'s line, and its link's line before it if it is the link's first event.
        package mutating func append(_ event: Event) {
            let index: Int
            if let known = linkIndexes[event.linkID] {
                index = known
            } else {
                index = linkIndexes.count
                linkIndexes[event.linkID] = index
                linkLines.append(contentsOf: "L\t".utf8)
                linkLines.append(contentsOf: event.linkText.utf8)
                linkLines.append(UInt8(ascii: "\n"))
            }
            let tab = UInt8(ascii: "\t")
            eventLines.append(UInt8(ascii: "E"))
            eventLines.append(tab)
            eventLines.append(contentsOf: event.bytes[..<event.idEnd])
            eventLines.append(tab)
            eventLines.append(contentsOf: String(index).utf8)
            eventLines.append(tab)
            eventLines.append(contentsOf: event.bytes[event.idEnd..<event.clickStart])
            eventLines.append(tab)
            eventLines.append(contentsOf: event.bytes[event.clickStart...])
            eventLines.append(UInt8(ascii: "\n"))
            count += 1
        }

        /// The stored text: the header, the link lines, then the event lines.
        package var text: String { String(decoding: linkLines + eventLines, as: UTF8.self) }
    }

    /// The most events one row holds: a claim takes whole rows, so this bounds how far a claim can
    /// go past the number of messages it asked for.
    package static let maximumEvents = 64

    /// What every stored batch starts with (a message's payload of its own starts with `{`).
    package static let header = "wayfinder-click-batch 1\n"

    /// Whether a stored payload is a batch rather than one event's body.
    package static func isBatch(_ stored: String) -> Bool { stored.hasPrefix(header) }

    /// The events of a stored batch, in order, each as the id and body sent.
    ///
    /// Throws ``ReadError`` for text this build does not write: the line, and what is wrong with it.
    package static func events(in stored: String) throws(ReadError) -> [(id: String, payload: String)] {
        guard stored.hasPrefix(header) else { throw ReadError(line: 1, problem: "the header is missing") }
        var links: [Substring] = []
        var events: [(id: String, payload: String)] = []
        let lines = stored.dropFirst(header.count).split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let number = offset + 2
            if line.isEmpty {
                guard offset == lines.count - 1 else { throw ReadError(line: number, problem: "an empty line") }
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields.first {
            case "L" where fields.count == 2:
                guard fields[1].first == "{" else {
                    throw ReadError(line: number, problem: "a link that is not a JSON object")
                }
                links.append(fields[1])
            case "E" where fields.count == 5:
                guard fields[1].hasPrefix("msg_"), !fields[1].contains(".") else {
                    throw ReadError(line: number, problem: "an event id that is not msg_…")
                }
                guard let index = Int(fields[2]), links.indices.contains(index) else {
                    throw ReadError(line: number, problem: "an event of a link that is not listed before it")
                }
                guard fields[3].count >= 2, fields[3].first == "\"", fields[3].last == "\"" else {
                    throw ReadError(line: number, problem: "a timestamp that is not a JSON string")
                }
                guard fields[4].first == "{" else {
                    throw ReadError(line: number, problem: "a click that is not a JSON object")
                }
                events.append(
                    (
                        String(fields[1]),
                        payload(timestamp: String(fields[3]), link: String(links[index]), click: String(fields[4]))
                    ))
            default:
                throw ReadError(line: number, problem: "neither an L line of two fields nor an E line of five")
            }
        }
        guard !events.isEmpty else { throw ReadError(line: 1, problem: "a batch without events") }
        return events
    }

    /// The one place a `link.clicked` body is put together from its parts.
    fileprivate static func payload(timestamp: String, link: String, click: String) -> String {
        #"{"type":"link.clicked","timestamp":"# + timestamp + #","data":{"link":"# + link + #","click":"# + click
            + "}}"
    }

    /// A stored batch this build cannot read.
    package struct ReadError: Error, Hashable, CustomStringConvertible {
        /// The line (from 1, the header) that is wrong.
        package var line: Int
        package var problem: String

        package var description: String { "click batch line \(line): \(problem)" }
    }
}
