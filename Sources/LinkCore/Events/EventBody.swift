import DeepLinkRouting
import Foundation

/// The body of `POST /api/v1/events`: one event object, or `{"events": [ … ]}` with 1 to
/// ``maximumEvents``. Every field is checked, and the first one at fault is a ``FieldError``
/// naming it (`currency`, or `events[3].currency` in a batch).
package enum EventBody {
    /// Events one call may send.
    package static let maximumEvents = 1_000
    /// The longest `customerId`, `dedupeKey` and `link`.
    package static let maximumTextLength = 256
    /// How far ahead of the server's clock `occurredAt` may be (a device's clock runs fast).
    package static let futureTolerance: TimeInterval = 3_600
    /// The earliest `occurredAt`: 1970-01-01, where the analytics engine's dates begin.
    package static let earliest = Date(timeIntervalSince1970: 0)
    /// The largest `value`: stores keep millionths in a 64-bit integer.
    package static let maximumValue: Double = 1e12

    package static let fields: Set<String> = [
        "name", "clickId", "claimToken", "link", "customerId", "value", "currency", "dedupeKey", "occurredAt",
    ]

    /// The events of a parsed body, received at `now`.
    package static func events(in node: JSONNode, now: Date) throws(FieldError) -> [EventInput] {
        guard let members = node.objectValue else {
            throw FieldError(
                "$", "the body is an event object or {\"events\": [ … ]}, not \(node.kindDescription)",
                code: .wrongType)
        }
        if members.contains(where: { $0.key == "events" }) {
            guard members.count == 1 else {
                let other = members.first { $0.key != "events" }?.key ?? ""
                throw FieldError(
                    other, "a batch is {\"events\": [ … ]} alone; move \"\(other)\" into each event",
                    code: .unknownField)
            }
            guard let items = node["events"]?.arrayValue else {
                throw FieldError("events", "\"events\" is an array of event objects", code: .wrongType)
            }
            guard !items.isEmpty else {
                throw FieldError("events", "\"events\" holds no event; send 1 to \(maximumEvents)")
            }
            guard items.count <= maximumEvents else {
                throw FieldError(
                    "events", "\(items.count) events in one call; send at most \(maximumEvents) a call",
                    code: .tooLong)
            }
            var events: [EventInput] = []
            events.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                events.append(try event(item, path: "events[\(index)].", now: now))
            }
            return events
        }
        return [try event(node, path: "", now: now)]
    }

    /// One event object; `path` prefixes the names of its fields in errors.
    package static func event(_ node: JSONNode, path: String, now: Date) throws(FieldError) -> EventInput {
        guard let members = node.objectValue else {
            throw FieldError(
                path.isEmpty ? "$" : String(path.dropLast()), "an event is an object, not \(node.kindDescription)",
                code: .wrongType)
        }
        var seen = Set<String>()
        for member in members {
            guard fields.contains(member.key) else {
                throw FieldError(
                    path + member.key,
                    "an event has no field \"\(member.key)\"; it has \(fields.sorted().joined(separator: ", "))",
                    code: .unknownField)
            }
            guard seen.insert(member.key).inserted else {
                throw FieldError(path + member.key, "\"\(member.key)\" is given twice", code: .duplicateField)
            }
        }
        func text(_ key: String, limit: Int = maximumTextLength) throws(FieldError) -> String? {
            guard let value = node[key], value.value != .null else { return nil }
            guard let string = value.stringValue else {
                throw FieldError(path + key, "\"\(key)\" is a string, not \(value.kindDescription)", code: .wrongType)
            }
            guard !string.isEmpty else { throw FieldError(path + key, "\"\(key)\" is empty; leave it out instead") }
            guard string.utf8.count <= limit else {
                throw FieldError(path + key, "\"\(key)\" is longer than \(limit) bytes", code: .tooLong)
            }
            return string
        }
        guard let name = try text("name", limit: 64) else {
            throw FieldError(
                path + "name", "every event has a \"name\", such as \"install\" or \"purchase\"",
                code: .missingField)
        }
        if let problem = AppEventName.problem(with: name) {
            throw FieldError(path + "name", problem, code: .invalidEventName)
        }
        var input = EventInput(name: name)
        if let text = try text("clickId") {
            guard let id = ClickID(parsing: text) else {
                throw FieldError(
                    path + "clickId",
                    "\"\(text)\" is no click id: 22 base64url characters, as the resolve call and the claim answer give",
                    code: .invalidClickID)
            }
            input.clickID = id
        }
        if let token = try text("claimToken", limit: 1_024) {
            guard ClaimToken.parse(token) != nil else {
                throw FieldError(path + "claimToken", "this is no claim token: send the wf_claim value the app found")
            }
            input.claimToken = token
        }
        input.link = try text("link")
        input.customerID = try text("customerId")
        input.dedupeKey = try text("dedupeKey")
        if let node = node["value"], node.value != .null {
            guard case .number(let written) = node.value, let value = Double(written), value.isFinite else {
                throw FieldError(path + "value", "\"value\" is a number, such as 4.99", code: .wrongType)
            }
            guard value >= 0 else {
                throw FieldError(
                    path + "value", "\"value\" is \(written); give an amount of 0 or more",
                    code: .invalidValue)
            }
            guard value <= maximumValue else {
                throw FieldError(
                    path + "value", "\"value\" is \(written); give an amount up to 10^12",
                    code: .invalidValue)
            }
            input.value = value
        }
        if let currency = try text("currency", limit: 3) {
            guard Currency.isKnown(currency) else {
                throw FieldError(
                    path + "currency", "\"\(currency)\" is no ISO 4217 currency code, such as \"USD\" or \"EUR\"",
                    code: .unknownCurrency)
            }
            guard input.value != nil else {
                throw FieldError(path + "value", "a currency needs its \"value\"", code: .missingField)
            }
            input.currency = currency
        } else if node["currency"] != nil, node["currency"]?.value != .null {
            throw FieldError(
                path + "currency", "\"currency\" is an ISO 4217 code, such as \"USD\"",
                code: .unknownCurrency)
        }
        if input.value != nil, input.currency == nil {
            throw FieldError(
                path + "currency", "a value needs its \"currency\" (ISO 4217, such as \"USD\")",
                code: .missingField)
        }
        if let text = try text("occurredAt", limit: 64) {
            guard let date = ISO8601.date(from: text) else {
                throw FieldError(
                    path + "occurredAt", "\"\(text)\" is no ISO 8601 date-time, such as 2026-05-01T12:00:00Z",
                    code: .invalidField)
            }
            guard date >= earliest else {
                throw FieldError(
                    path + "occurredAt", "\"\(text)\" is before 1970; send when the event happened",
                    code: .invalidField)
            }
            guard date.timeIntervalSince(now) <= futureTolerance else {
                throw FieldError(path + "occurredAt", "\"\(text)\" is in the future; send when the event happened")
            }
            input.occurredAt = date
        }
        return input
    }
}
