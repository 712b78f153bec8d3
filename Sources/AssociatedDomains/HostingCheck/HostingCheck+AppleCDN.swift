extension HostingCheck {
    /// What Apple's CDN holds for the domain, why it holds nothing, and whether it is current.
    func judgeAppleCDN(_ fetched: FetchedFile, origin: ServedAASA?) -> [HostingCheckItem] {
        let response: FetchedFile.Response
        switch fetched.outcome {
        case .failed(let failure):
            return [.init(.reachable, .appleCDN, .unchecked, "could not fetch \(fetched.url): \(failure.message)",
                fix: "Check the network connection to Apple's CDN, then run the check again.")]
        case .response(let received):
            response = received
        }
        guard response.status == 200 else {
            var detail = "Apple's CDN answered \(response.status)"
            if let reason = response.header("Apple-Failure-Reason") { detail += "; Apple-Failure-Reason: \(reason)" }
            if let details = response.header("Apple-Failure-Details") { detail += "; Apple-Failure-Details: \(details)" }
            return [.init(.cdnFetch, .appleCDN, .fail, detail,
                fix: "Make the origin file pass every rule above (Apple's crawler gets no redirects), then allow about a day for the CDN to fetch it.")]
        }
        var items: [HostingCheckItem] = [.init(.cdnFetch, .appleCDN, .pass, "Apple's CDN holds a copy (\(response.size) bytes)")]
        // Nothing to compare with when the origin's file could not be read: its own lines say why.
        guard let origin else { return items }
        guard let cdn = AASAFile.decode(response.body).file else {
            items.append(.init(.cdnCurrent, .appleCDN, .fail, "the CDN copy cannot be read as an AASA",
                fix: "Fix the origin file; the CDN serves what it last fetched from it."))
            return items
        }
        // Parsed files compare equal when only formatting, whitespace or key order differ.
        if cdn == origin.file {
            items.append(.init(.cdnCurrent, .appleCDN, .pass, "the CDN copy means the same as the origin's"))
        } else {
            items.append(.init(.cdnCurrent, .appleCDN, .warning,
                "the CDN copy differs from the origin's (Apple has not fetched the current file yet)",
                fix: "Nothing to change if the origin is right: the CDN refetches within about a day (use ?mode=developer while developing)."))
        }
        return items
    }
}
