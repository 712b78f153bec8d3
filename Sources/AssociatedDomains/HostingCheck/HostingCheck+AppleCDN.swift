extension HostingCheck {
    /// What Apple's CDN holds for the domain, why it holds nothing, and whether it is current.
    func judgeAppleCDN(_ fetched: FetchedFile, origin: ServedAASA?) -> [HostingCheckItem] {
        let response: FetchedFile.Response
        switch fetched.outcome {
        case .failed(let failure):
            return [
                .init(
                    .reachable, .appleCDN, .unchecked, "could not fetch \(fetched.url): \(failure.message)",
                    fix: "Check the network connection to Apple's CDN, then run the check again.")
            ]
        case .response(let received):
            response = received
        }
        guard response.status == 200 else {
            var detail = "Apple's CDN answered \(response.status)"
            if let reason = response.header("Apple-Failure-Reason") { detail += "; Apple-Failure-Reason: \(reason)" }
            if let details = response.header("Apple-Failure-Details") {
                detail += "; Apple-Failure-Details: \(details)"
            }
            return [
                .init(
                    .cdnFetch, .appleCDN, .fail, detail,
                    fix:
                        "Make the origin file pass every rule above (Apple's crawler gets no redirects), then allow about a day for the CDN to fetch it."
                )
            ]
        }
        var items: [HostingCheckItem] = [
            .init(.cdnFetch, .appleCDN, .pass, "Apple's CDN holds a copy (\(response.size) bytes)")
        ]
        // Nothing to compare with when the origin's file could not be read: its own lines say why.
        guard let origin else { return items }
        // Apple's CDN serves JSON; should it ever pass on a signed file, its content is what counts.
        let body =
            HostingCheck.looksSigned(response.body) ? (try? SignedAASA(der: response.body))?.content : response.body
        guard let cdn = body.flatMap({ AASAFile.decode($0).file }) else {
            items.append(
                .init(
                    .cdnCurrent, .appleCDN, .fail, "the CDN copy cannot be read as an AASA",
                    fix: "Fix the origin file; the CDN serves what it last fetched from it."))
            return items
        }
        // Compared in meaning: formatting, key order, comments and hoisted defaults do not count.
        let differences =
            AASADiff.compare(cdn, origin.file).changes.map(\.description)
            + HostingCheck.serviceDifferences(cdn, origin.file)
        if differences.isEmpty {
            items.append(.init(.cdnCurrent, .appleCDN, .pass, "the CDN copy means the same as the origin's"))
        } else {
            let more = differences.count > 3 ? "; and \(differences.count - 3) more" : ""
            items.append(
                .init(
                    .cdnCurrent, .appleCDN, .warning,
                    "the CDN copy differs from the origin's (Apple has not fetched the current file yet); from the CDN's to the origin's: "
                        + differences.prefix(3).joined(separator: "; ") + more,
                    fix:
                        "Nothing to change if the origin is right: the CDN refetches within about a day (use ?mode=developer while developing)."
                ))
        }
        return items
    }

    /// App IDs added to or removed from `webcredentials`, `appclips` and `activitycontinuation`
    /// (which ``AASADiff`` leaves out: it compares `applinks`), one line per section; their order
    /// means nothing.
    static func serviceDifferences(_ old: AASAFile, _ new: AASAFile) -> [String] {
        let sections: [(name: String, key: KeyPath<AASAFile, AASAFile.ServiceApps?>)] = [
            ("webcredentials", \.webcredentials), ("appclips", \.appclips),
            ("activitycontinuation", \.activitycontinuation),
        ]
        return sections.compactMap { name, key in
            let before = old[keyPath: key]?.apps ?? []
            let after = new[keyPath: key]?.apps ?? []
            let added = after.filter { !before.contains($0) }
            let removed = before.filter { !after.contains($0) }
            guard !added.isEmpty || !removed.isEmpty else { return nil }
            let parts = [
                added.isEmpty ? nil : "added \(added.joined(separator: ", "))",
                removed.isEmpty ? nil : "removed \(removed.joined(separator: ", "))",
            ]
            return "\(name): " + parts.compactMap { $0 }.joined(separator: ", ")
        }
    }
}
