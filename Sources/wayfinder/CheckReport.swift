import AssociatedDomains
import DeepLinkRouting

/// The checklist `wayfinder check` prints, and the exit status it implies.
struct CheckReport {
    var target: CheckTarget
    var fetched: [FetchedFile]
    var items: [HostingCheckItem]

    /// 1 when something failed, else 2 when something could not be checked, else 0. A problem
    /// found is worth fixing whatever else could not be checked, so it decides first.
    var exitStatus: Int32 {
        if items.contains(where: { $0.verdict == .fail }) { return 1 }
        if isIncomplete { return 2 }
        return 0
    }

    var isIncomplete: Bool { items.contains { $0.verdict == .unchecked } }

    /// The plain message for exit status 2: what could not be checked and why, each reason once.
    var incompleteMessage: String {
        var reasons: [String] = []
        for file in fetched {
            guard case .failed(let failure) = file.outcome, failure.kind != .tls, !reasons.contains(failure.message)
            else { continue }
            reasons.append(failure.message)
        }
        return "could not check everything on \(target.host): " + reasons.joined(separator: "; ")
    }

    func printChecklist() {
        print("wayfinder check \(target.origin)")
        for item in items {
            print("\(symbol(item.verdict)) \(item.rule.rawValue) \(item.file.label): \(item.detail)")
            if let fix = item.fix { print("    fix: \(fix)") }
        }
        let verdict =
            switch exitStatus {
            case 0: "everything is right"
            case 1: "problems found"
            default: "could not check everything"
            }
        print(
            "\(count(.pass)) passed, \(count(.fail)) failed, \(count(.warning)) warnings, \(count(.unchecked)) not checked: \(verdict)"
        )
    }

    func printJSON() {
        for item in items { print(item.jsonNode.jsonText(style: .compact)) }
        let summary = JSONNode.object([
            "host": JSONNode(.string(target.host)),
            "passed": JSONNode(.number(String(count(.pass)))),
            "failed": JSONNode(.number(String(count(.fail)))),
            "warnings": JSONNode(.number(String(count(.warning)))),
            "unchecked": JSONNode(.number(String(count(.unchecked)))),
            "exitCode": JSONNode(.number(String(exitStatus))),
        ])
        print(summary.jsonText(style: .compact))
    }

    private func count(_ verdict: HostingCheckItem.Verdict) -> Int {
        items.count { $0.verdict == verdict }
    }

    private func symbol(_ verdict: HostingCheckItem.Verdict) -> String {
        switch verdict {
        case .pass: "✓"
        case .fail: "✗"
        case .warning: "!"
        case .unchecked: "?"
        }
    }
}
