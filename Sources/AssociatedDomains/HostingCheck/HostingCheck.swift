import DeepLinkRouting

/// Judges how a domain serves its association files: the rules of `wayfinder check`.
///
/// Give it what was fetched for each ``HostedFile`` (redirects not followed) and get back a
/// checklist, one ``HostingCheckItem`` per rule and file. With a manifest it adds the drift
/// report: the app IDs, routes, excludes and Android identity the app expects versus what the
/// domain serves. It does no networking: the files are read with ``AASAFile`` (a CMS-signed one
/// unwrapped with ``SignedAASA`` first), validated with ``AASAValidator``, decided with
/// ``CompiledAASA``, compared with Apple's CDN copy by ``AASADiff``, and assetlinks.json read with
/// ``AssetLinks``.
public struct HostingCheck: Sendable {
    /// Apple's limit for an AASA, signed or not: 128 KB uncompressed.
    public static let maximumSize = 128 * 1024

    /// The domain the files were fetched for: lowercase host, no port.
    public var domain: String
    /// The app's manifest, for the drift rules (app IDs, routes, excludes, Android identity); `nil`
    /// judges the files on their own.
    public var manifest: Manifest?
    /// The roots a signed AASA's signer certificate must chain to (PEM certificates), or `nil`
    /// for the system trust store.
    public var signingTrustRootsPEM: String?

    /// A check of `domain` (stored lowercased), with the drift rules when `manifest` is given.
    public init(domain: String, manifest: Manifest? = nil, signingTrustRootsPEM: String? = nil) {
        self.domain = domain.lowercased()
        self.manifest = manifest
        self.signingTrustRootsPEM = signingTrustRootsPEM
    }

    /// The checklist for these fetched files, in the order ``HostedFile`` lists its cases.
    ///
    /// Asynchronous because a signed AASA's certificate chain is verified.
    public func judge(_ fetched: [FetchedFile]) async -> [HostingCheckItem] {
        var items: [HostingCheckItem] = []
        var aasa: [HostedFile: ServedAASA] = [:]
        var assetLinks: AssetLinks?
        for file in HostedFile.onOrigin {
            guard let fetchedFile = fetched.first(where: { $0.file == file }) else { continue }
            var fileItems: [HostingCheckItem] = []
            if let response = judgeHosting(fetchedFile, into: &fileItems) {
                if file.isAppleAppSiteAssociation {
                    aasa[file] = await readAppleAppSiteAssociation(response, file: file, into: &fileItems)
                } else {
                    assetLinks = readAssetLinks(response, into: &fileItems)
                }
            }
            items += relax(fileItems, for: fetchedFile)
        }
        if let manifest {
            let served = aasa[.appleAppSiteAssociation] ?? aasa[.rootAppleAppSiteAssociation]
            items += judgeDrift(from: manifest, aasa: served?.compiled, assetLinks: assetLinks)
        }
        if let cdn = fetched.first(where: { $0.file == .appleCDN }) {
            items += judgeAppleCDN(cdn, origin: aasa[.appleAppSiteAssociation])
        }
        return items
    }

    /// TLS, redirect, status, content type and size; returns the response when its body is worth
    /// reading.
    func judgeHosting(_ fetched: FetchedFile, into items: inout [HostingCheckItem]) -> FetchedFile.Response? {
        let file = fetched.file
        let response: FetchedFile.Response
        switch fetched.outcome {
        case .failed(let failure) where failure.kind == .tls:
            items.append(
                .init(
                    .tls, file, .fail, "the TLS handshake with \(domain) failed: \(failure.message)",
                    fix:
                        "Serve \(domain) with a certificate that names it, is in date and chains (with its intermediates) to a trusted root."
                ))
            return nil
        case .failed(let failure):
            items.append(
                .init(
                    .reachable, file, .unchecked, "could not fetch \(fetched.url): \(failure.message)",
                    fix: "Check that \(domain) resolves and answers HTTPS on this port, then run the check again."))
            return nil
        case .response(let received):
            response = received
        }
        items.append(.init(.tls, file, .pass, "the certificate is valid for \(domain)"))
        if (300..<400).contains(response.status) {
            let target = response.header("Location").map { "to \($0)" } ?? "without a Location header"
            items.append(
                .init(
                    .noRedirect, file, .fail,
                    "answered \(response.status), redirecting \(target); iOS and Android do not follow redirects for this file",
                    fix:
                        "Serve the file itself at \(fetched.url) with status 200 (exempt this path from the apex/www or http→https redirect)."
                ))
            return nil
        }
        items.append(.init(.noRedirect, file, .pass, "answered without a redirect"))
        guard response.status == 200 else {
            items.append(
                .init(
                    .status, file, .fail, "answered \(response.status) instead of 200\(htmlNote(response))",
                    fix:
                        "Serve the file at \(file.rawValue) with status 200 (`wayfinder \(file == .assetLinks ? "assetlinks" : "aasa") generate --manifest FILE` writes it)."
                ))
            return nil
        }
        items.append(.init(.status, file, .pass, "answered 200"))
        items.append(judgeContentType(response, file: file))
        if file == .assetLinks {
            items.append(judgeAssetLinksSize(response))
            // A body cut short by the fetcher cannot be parsed.
            return response.fullLength == nil ? response : nil
        }
        guard response.size <= HostingCheck.maximumSize else {
            items.append(
                .init(
                    .size, file, .fail,
                    "is \(response.size) bytes, over the 128 KB (\(HostingCheck.maximumSize) bytes) limit",
                    fix:
                        "Shrink the file below 128 KB: fold rules together with wildcards or substitution variables, or drop stale app IDs."
                ))
            return nil
        }
        items.append(.init(.size, file, .pass, "is \(response.size) bytes (limit \(HostingCheck.maximumSize))"))
        return response
    }

    private func judgeContentType(_ response: FetchedFile.Response, file: HostedFile) -> HostingCheckItem {
        let signed = file.isAppleAppSiteAssociation && HostingCheck.looksSigned(response.body)
        let expected = signed ? "application/pkcs7-mime" : "application/json"
        let fix = "Serve \(file.rawValue) with `Content-Type: \(expected)`\(signed ? " (it is a signed file)" : "")."
        guard let header = response.header("Content-Type") else {
            return .init(
                .contentType, file, .fail, "has no Content-Type header; expected \(expected)\(htmlNote(response))",
                fix: fix)
        }
        let mediaType =
            header.split(separator: ";", maxSplits: 1).first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        guard mediaType == expected else {
            return .init(
                .contentType, file, .fail, "is served as \(header), expected \(expected)\(htmlNote(response))", fix: fix
            )
        }
        return .init(.contentType, file, .pass, "is served as \(header)")
    }

    /// An AASA as served: the parsed file and its compiled form.
    struct ServedAASA {
        var file: AASAFile
        var compiled: CompiledAASA
    }

    private func readAppleAppSiteAssociation(
        _ response: FetchedFile.Response, file: HostedFile, into items: inout [HostingCheckItem]
    ) async -> ServedAASA? {
        var body = response.body
        if HostingCheck.looksSigned(body) {
            guard let content = await readSigned(body, file: file, into: &items) else { return nil }
            body = content
        }
        let decoded = AASAFile.decode(body)
        guard let aasaFile = decoded.file else {
            let reason = decoded.diagnostics.first { $0.severity == .error }?.message ?? "not an AASA"
            items.append(
                .init(
                    .parses, file, .fail, "cannot be read as an AASA: \(reason)\(htmlNote(response))",
                    fix: "Serve the AASA as one JSON object (`wayfinder aasa generate --manifest FILE` writes it)."))
            return nil
        }
        items.append(.init(.parses, file, .pass, "reads as an AASA"))
        let diagnostics = decoded.diagnostics + AASAValidator.ruleDiagnostics(aasaFile)
        items.append(judgeDiagnostics(diagnostics, file: file, command: "wayfinder aasa validate"))
        return ServedAASA(file: aasaFile, compiled: CompiledAASA(aasaFile, domain: domain))
    }

    /// The content of a CMS-signed AASA, after a `signature` line. Only iOS 8 required the
    /// signature; iOS 9 and later read the content either way, so a signature that does not match
    /// or does not chain to a trusted root is a warning. Content that cannot be extracted at all
    /// fails `parses`.
    private func readSigned(_ body: [UInt8], file: HostedFile, into items: inout [HostingCheckItem]) async -> [UInt8]? {
        let signed: SignedAASA
        do {
            signed = try SignedAASA(der: body)
        } catch {
            items.append(
                .init(
                    .parses, file, .fail, "is CMS-signed, but its content cannot be read: \(error.message)",
                    fix:
                        "Serve the unsigned JSON as application/json (iOS 9 and later need no signature), or sign it again with `wayfinder aasa sign`."
                ))
            return nil
        }
        let fix =
            "Serve the unsigned JSON as application/json (only iOS 8 needs a signature), or sign it with `wayfinder aasa sign` and a certificate, with its chain, from a CA iOS trusts."
        let signer = "is CMS-signed by \(signed.signerSubject)"
        if !signed.signatureIsValid {
            items.append(
                .init(
                    .signature, file, .warning,
                    "\(signer), but the signature does not match the content; iOS 8 rejects the file, later versions do not need the signature",
                    fix: fix))
            return signed.content
        }
        let problem: String?
        do {
            problem = try await signed.verifyChain(trustRootsPEM: signingTrustRootsPEM)
        } catch {
            problem = error.message
        }
        if let problem {
            items.append(
                .init(
                    .signature, file, .warning,
                    "\(signer), whose certificate does not chain to a trusted root (\(problem)); iOS 8 rejects the file, later versions do not need the signature",
                    fix: fix))
        } else {
            items.append(
                .init(.signature, file, .pass, "\(signer); the signature is valid and chains to a trusted root"))
        }
        return signed.content
    }

    private func readAssetLinks(_ response: FetchedFile.Response, into items: inout [HostingCheckItem]) -> AssetLinks? {
        let decoded = AssetLinks.decode(response.body)
        guard let assetLinks = decoded.assetLinks else {
            let reason = decoded.diagnostics.first { $0.severity == .error }?.message ?? "not a statement list"
            items.append(
                .init(
                    .parses, .assetLinks, .fail, "cannot be read as assetlinks.json: \(reason)\(htmlNote(response))",
                    fix: "Serve a JSON array of statements (`wayfinder assetlinks generate --manifest FILE` writes it)."
                ))
            return nil
        }
        items.append(.init(.parses, .assetLinks, .pass, "reads as a Digital Asset Links statement list"))
        items.append(judgeDiagnostics(decoded.diagnostics, file: .assetLinks, command: "wayfinder assetlinks validate"))
        return assetLinks
    }

    private func judgeDiagnostics(_ diagnostics: [Diagnostic], file: HostedFile, command: String) -> HostingCheckItem {
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.filter { $0.severity == .warning }
        let shown = (errors + warnings).prefix(3).map { "\($0.code) at \($0.path): \($0.message)" }
        let more = errors.count + warnings.count > 3 ? "; and \(errors.count + warnings.count - 3) more" : ""
        let summary =
            "\(count(errors.count, "error")), \(count(warnings.count, "warning")): " + shown.joined(separator: "; ")
            + more
        let fix = "Run `\(command)` on the served file and fix each finding."
        if !errors.isEmpty { return .init(.validates, file, .fail, summary, fix: fix) }
        if !warnings.isEmpty { return .init(.validates, file, .warning, summary, fix: fix) }
        return .init(.validates, file, .pass, "no validator findings")
    }

    /// The legacy root AASA only matters to old clients, and a domain without an Android app need
    /// not serve assetlinks.json: their failures are warnings, not broken links.
    private func relax(_ items: [HostingCheckItem], for fetched: FetchedFile) -> [HostingCheckItem] {
        let notFound: Bool
        if case .response(let response) = fetched.outcome {
            notFound = response.status == 404
        } else {
            notFound = false
        }
        switch fetched.file {
        case .rootAppleAppSiteAssociation:
            return items.map { item in
                guard item.verdict == .fail else { return item }
                var relaxed = item
                relaxed.verdict = .warning
                relaxed.detail += " (only clients older than iOS 9.3 and some tools read this location)"
                return relaxed
            }
        case .assetLinks where notFound && manifest?.android == nil:
            return items.map { item in
                guard item.rule == .status, item.verdict == .fail else { return item }
                var relaxed = item
                relaxed.verdict = .warning
                relaxed.detail += "; fine if no Android app opens links on \(domain)"
                relaxed.fix = "Serve /.well-known/assetlinks.json if an Android app should open links on \(domain)."
                return relaxed
            }
        default:
            return items
        }
    }

    /// A DER CMS file starts with a SEQUENCE (0x30); a JSON document starts with `{` or
    /// whitespace.
    static func looksSigned(_ body: [UInt8]) -> Bool { body.first == 0x30 }

    private func htmlNote(_ response: FetchedFile.Response) -> String {
        let start = response.body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return start.first == UInt8(ascii: "<") ? "; the body is an HTML page (a catch-all route?)" : ""
    }

    func count(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
