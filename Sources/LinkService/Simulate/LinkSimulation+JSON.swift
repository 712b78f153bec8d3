import DeepLinkRouting
import LinkCore

extension LinkSimulation {
    /// `{"shortURL", "destination", "rows": [{"context", "app"?, "platform", "appInstalled",
    /// "answer": {"status", "location"|"page"}, "next", "lands": {"kind", "route"?, "params"?,
    /// "url"?}, "claim", "warnings"}]}`: the answer of `GET /api/v1/links/{slug}/simulate` and one
    /// line of `wayfinder simulate --json`.
    package func json(_ rows: [Row]) -> JSONNode {
        .fields([
            ("shortURL", .string(link.shortURL)), ("destination", .string(link.content.destination)),
            ("rows", JSONNode(.array(rows.map(Self.json)))),
        ])
    }

    /// One row as the spec writes it.
    package static func json(_ row: Row) -> JSONNode {
        var members: [(String, JSONNode)] = [("context", .string(row.context.rawValue))]
        if let app = row.app { members.append(("app", .string(app))) }
        var answer: [(String, JSONNode)] = [("status", JSONNode(.number(String(row.answer.status))))]
        if let location = row.answer.location { answer.append(("location", .string(location))) }
        if let page = row.answer.page { answer.append(("page", .string(page))) }
        var lands: [(String, JSONNode)] = [("kind", .string(row.lands.kind.rawValue))]
        if let route = row.lands.route { lands.append(("route", .string(route))) }
        if let params = row.lands.params {
            lands.append(("params", .fields(params.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        if let url = row.lands.url { lands.append(("url", .string(url))) }
        members += [
            ("platform", .string(row.platform.rawValue)), ("appInstalled", JSONNode(.bool(row.appInstalled))),
            ("answer", .fields(answer)), ("next", .string(row.next)), ("lands", .fields(lands)),
            ("claim", JSONNode(.bool(row.claim))), ("warnings", JSONNode(.array(row.warnings.map { .string($0) }))),
        ]
        return .fields(members)
    }
}

extension JSONNode {
    fileprivate static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }

    fileprivate static func fields(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { JSONNode.Member(key: $0.0, value: $0.1) }))
    }
}
