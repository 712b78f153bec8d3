import DeepLinkRouting

extension AppEvent {
    /// The event's answer in `202` (and the data of `event.created`): `{"id", "name",
    /// "attributed", "clickId"?, "link"?}`, the link's id when there is one.
    package var answer: JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "id", value: JSONNode(.string(id))),
            .init(key: "name", value: JSONNode(.string(name))),
            .init(key: "attributed", value: JSONNode(.bool(attributed))),
        ]
        if let clickID { members.append(.init(key: "clickId", value: JSONNode(.string(clickID.text)))) }
        if let linkID { members.append(.init(key: "linkId", value: JSONNode(.string(linkID)))) }
        return JSONNode(.object(members))
    }

    /// The whole event, for webhooks: the answer's fields and what the app sent.
    package var node: JSONNode {
        var members = answer.objectValue ?? []
        if let customerID { members.append(.init(key: "customerId", value: JSONNode(.string(customerID)))) }
        if let value, let currency {
            members.append(.init(key: "value", value: JSONNode(.number(Self.numberText(value)))))
            members.append(.init(key: "currency", value: JSONNode(.string(currency))))
        }
        if let dedupeKey { members.append(.init(key: "dedupeKey", value: JSONNode(.string(dedupeKey)))) }
        members.append(.init(key: "occurredAt", value: JSONNode(.string(ISO8601.string(from: occurredAt)))))
        return JSONNode(.object(members))
    }

    /// A value as JSON writes it: whole amounts without a fraction.
    package static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
