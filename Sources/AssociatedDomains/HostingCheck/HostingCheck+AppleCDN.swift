extension HostingCheck {
    /// What Apple's CDN holds for the domain, why it holds nothing, and whether it is current.
    func judgeAppleCDN(_ fetched: FetchedFile, origin: (any ServedAppleAppSiteAssociation)?) -> [HostingCheckItem] {
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
        guard let reader else {
            items.append(HostingCheck.readerMissing(.appleCDN))
            return items
        }
        guard let origin else { return items }
        do {
            let cdn = try reader.readAppleAppSiteAssociation(response.body, domain: domain)
            let differences = reader.differences(from: origin, to: cdn)
            if differences.isEmpty {
                items.append(.init(.cdnCurrent, .appleCDN, .pass, "the CDN copy means the same as the origin's"))
            } else {
                items.append(.init(.cdnCurrent, .appleCDN, .warning,
                    "the CDN copy differs from the origin's: \(differences.joined(separator: "; "))",
                    fix: "Nothing to change if the origin is right: the CDN refetches within about a day (use ?mode=developer while developing)."))
            }
        } catch {
            items.append(.init(.cdnCurrent, .appleCDN, .fail, "the CDN copy cannot be read as an AASA: \(error.reason)",
                fix: "Fix the origin file; the CDN serves what it last fetched from it."))
        }
        return items
    }
}
