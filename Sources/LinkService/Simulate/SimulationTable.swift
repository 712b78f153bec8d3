import LinkCore

/// ``LinkSimulation``'s rows for people (`simulation.mustache`): the console's "Test this link"
/// and the table on a link's `?d=1` page.
package struct SimulationTable: Sendable {
    /// One visitor, in words.
    package struct Row: Sendable {
        package var visitor: String
        package var installed: String
        package var answer: String
        package var next: String
        package var lands: String
        package var claim: String
        package var hasWarnings: Bool
        package var warnings: [Warning]
    }

    /// One warning: what will go wrong and the fix.
    package struct Warning: Sendable {
        package var text: String
    }

    package var rows: [Row]
    /// The warnings every row carries (an expiry, a password, a rule or A/B split), shown once
    /// above the table rather than on each row.
    package var hasCommon: Bool
    package var common: [Warning]
    /// How many rows carry a warning of their own, in words, for above the table.
    package var summary: String

    package init(_ rows: [LinkSimulation.Row]) {
        let common =
            rows.first.map { first in
                first.warnings.filter { warning in rows.allSatisfy { $0.warnings.contains(warning) } }
            } ?? []
        self.hasCommon = !common.isEmpty
        self.common = common.map(Warning.init(text:))
        self.rows = rows.map { row in
            let own = row.warnings.filter { !common.contains($0) }
            return Row(
                visitor: row.context.label + (row.app.map { " (\($0))" } ?? ""),
                installed: row.appInstalled ? "installed" : "not installed",
                answer: row.answer.location.map { "\(row.answer.status) → \($0)" }
                    ?? "\(row.answer.status) \(row.answer.page ?? "page") page",
                next: row.next, lands: Self.landing(row.lands), claim: row.claim ? "yes" : "no",
                hasWarnings: !own.isEmpty, warnings: own.map(Warning.init(text:)))
        }
        let warned = self.rows.filter(\.hasWarnings).count
        var summary =
            warned == 0
            ? "No visitor gets a warning of its own."
            : "\(warned) of \(rows.count) visitors get a warning of their own: each says what goes wrong and the fix."
        if !common.isEmpty { summary += " For every visitor:" }
        self.summary = summary
    }

    /// `the app, route story (storyId=42)`, `the store: https://…`, `the web: https://…`, `the page`.
    package static func landing(_ lands: LinkSimulation.Landing) -> String {
        switch lands.kind {
        case .app:
            guard let route = lands.route else { return "the app, on no route (\(lands.url ?? ""))" }
            let params = (lands.params ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "the app, route \(route)" + (params.isEmpty ? "" : " (\(params.joined(separator: ", ")))")
        case .store: return "the store: \(lands.url ?? "")"
        case .web: return "the web: \(lands.url ?? "")"
        case .page: return "the preview page"
        }
    }

    package static let example = SimulationTable([
        LinkSimulation.Row(
            context: .iosSafari, app: nil, platform: .ios, appInstalled: false,
            answer: .init(status: 200, page: "preview"), next: "Safari shows the preview page",
            lands: .init(kind: .page), claim: true,
            warnings: [
                "no App Store ID: add the app's numeric App Store ID to \"ios.appStoreID\".",
                "rule 1 “German speakers” sends visitors with language de to https://www.example.com/de.",
            ]),
        LinkSimulation.Row(
            context: .iosSafari, app: nil, platform: .ios, appInstalled: true,
            answer: .init(status: 200, page: "preview"),
            next:
                "iOS opens the app: the AASA at go.example.com matches /spring by rule 3 of details[0] (match / \"/?*\")",
            lands: .init(
                kind: .app, route: "story", params: ["storyId": "42"], url: "https://www.example.com/story/42"),
            claim: false,
            warnings: ["rule 1 “German speakers” sends visitors with language de to https://www.example.com/de."]),
    ])
}
