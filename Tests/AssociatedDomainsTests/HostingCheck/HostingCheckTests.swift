import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

@Suite("HostingCheck: hosting rules")
struct HostingCheckTests {
    static let json = Array(#"{"applinks": {"details": []}}"#.utf8)

    static func response(
        _ status: Int, _ contentType: String? = "application/json", body: [UInt8] = json,
        headers: [(name: String, value: String)] = []
    ) -> FetchedFile.Outcome {
        var all = headers
        if let contentType { all.append((name: "Content-Type", value: contentType)) }
        return .response(.init(status: status, headers: all, body: body))
    }

    static func items(
        _ outcome: FetchedFile.Outcome, file: HostedFile = .appleAppSiteAssociation, manifest: Manifest? = nil,
        signingTrustRootsPEM: String? = nil
    ) async -> [HostingCheckItem] {
        await HostingCheck(domain: "Example.com", manifest: manifest, signingTrustRootsPEM: signingTrustRootsPEM)
            .judge([FetchedFile(file: file, url: "https://example.com" + file.rawValue, outcome: outcome)])
    }

    /// One row: what the server answered, the rule that decides, its verdict and words the
    /// detail must contain.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var outcome: FetchedFile.Outcome
        var file: HostedFile = .appleAppSiteAssociation
        var rule: HostingRule
        var verdict: HostingCheckItem.Verdict
        var detail: String
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "a redirect fails and says where it points",
            outcome: response(
                301, "text/html",
                headers: [(name: "Location", value: "https://www.example.com/.well-known/apple-app-site-association")]),
            rule: .noRedirect, verdict: .fail,
            detail: "answered 301, redirecting to https://www.example.com/.well-known/apple-app-site-association"),
        Row(
            name: "a redirect without Location still fails", outcome: response(302, nil, body: []),
            rule: .noRedirect, verdict: .fail, detail: "without a Location header"),
        Row(
            name: "a 404 fails the status rule", outcome: response(404, "text/plain", body: Array("not found".utf8)),
            rule: .status, verdict: .fail, detail: "answered 404 instead of 200"),
        Row(
            name: "an HTML catch-all page fails the content type and is named",
            outcome: response(200, "text/html; charset=utf-8", body: Array("\n<!doctype html><html></html>".utf8)),
            rule: .contentType, verdict: .fail, detail: "expected application/json; the body is an HTML page"),
        Row(
            name: "application/json with a charset passes", outcome: response(200, "Application/JSON; charset=utf-8"),
            rule: .contentType, verdict: .pass, detail: "served as Application/JSON; charset=utf-8"),
        Row(
            name: "a missing content type fails", outcome: response(200, nil),
            rule: .contentType, verdict: .fail, detail: "has no Content-Type header"),
        Row(
            name: "a signed file must be application/pkcs7-mime",
            outcome: response(200, "application/json", body: [0x30, 0x82, 0x01, 0x00]),
            rule: .contentType, verdict: .fail, detail: "expected application/pkcs7-mime"),
        Row(
            name: "a signed file served as application/pkcs7-mime passes",
            outcome: response(200, "application/pkcs7-mime", body: [0x30, 0x82, 0x01, 0x00]),
            rule: .contentType, verdict: .pass, detail: "application/pkcs7-mime"),
        Row(
            name: "assetlinks.json is never pkcs7",
            outcome: response(200, "application/pkcs7-mime", body: [0x30, 0x82]), file: .assetLinks,
            rule: .contentType, verdict: .fail, detail: "expected application/json"),
        Row(
            name: "exactly 128 KB passes", outcome: response(200, body: Array(repeating: 0x20, count: 131_072)),
            rule: .size, verdict: .pass, detail: "131072 bytes"),
        Row(
            name: "one byte over 128 KB fails", outcome: response(200, body: Array(repeating: 0x20, count: 131_073)),
            rule: .size, verdict: .fail, detail: "131073 bytes, over the 128 KB"),
        Row(
            name: "a body cut short is judged by its full length",
            outcome: .response(
                .init(
                    status: 200, headers: [(name: "Content-Type", value: "application/json")], body: [0x7B],
                    fullLength: 5_000_000)),
            rule: .size, verdict: .fail, detail: "5000000 bytes"),
        Row(
            name: "a TLS failure fails the TLS rule",
            outcome: .failed(FetchFailure(.tls, message: "the certificate is not trusted")),
            rule: .tls, verdict: .fail,
            detail: "the TLS handshake with example.com failed: the certificate is not trusted"),
        Row(
            name: "a refused connection cannot be checked",
            outcome: .failed(FetchFailure(.connectionRefused, message: "connection refused")),
            rule: .reachable, verdict: .unchecked,
            detail: "could not fetch https://example.com/.well-known/apple-app-site-association: connection refused"),
        Row(
            name: "the legacy root location only warns", outcome: response(404, "text/plain", body: []),
            file: .rootAppleAppSiteAssociation,
            rule: .status, verdict: .warning, detail: "answered 404 instead of 200 (only clients older than iOS 9.3"),
        Row(
            name: "a missing assetlinks.json only warns without an Android app",
            outcome: response(404, "text/plain", body: []), file: .assetLinks,
            rule: .status, verdict: .warning, detail: "fine if no Android app opens links on example.com"),
    ]

    @Test("each hosting rule judges what the server answered", arguments: rows)
    func hostingRule(_ row: Row) async throws {
        let items = await HostingCheckTests.items(row.outcome, file: row.file)
        let item = try #require(items.first { $0.rule == row.rule }, "\(items)")
        #expect(item.verdict == row.verdict)
        #expect(item.detail.contains(row.detail), "\(item.detail)")
        #expect(item.file == row.file)
        #expect((item.fix == nil) == (item.verdict == .pass), "a fix for every verdict but pass")
    }

    @Test("a redirect stops the checklist for that file: the body is not the file")
    func redirectStopsTheFile() async {
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(301, nil, headers: [(name: "Location", value: "https://www.example.com/")]))
        #expect(items.map(\.rule) == [.tls, .noRedirect])
    }

    @Test("a well-served file passes every hosting rule, parses and validates")
    func wellServedFile() async {
        let aasa = Array(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x.app"], "components": [{"/": "/story/*"}]}]}}"#
                .utf8)
        let items = await HostingCheckTests.items(HostingCheckTests.response(200, body: aasa))
        #expect(items.map(\.rule) == [.tls, .noRedirect, .status, .contentType, .size, .parses, .validates])
        #expect(items.allSatisfy { $0.verdict == .pass }, "\(items)")
    }

    @Test("invalid JSON fails the parse rule with the parser's reason")
    func invalidJSON() async throws {
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(200, body: Array(#"{"applinks": {"details": [}"#.utf8)))
        let item = try #require(items.last)
        #expect(item.rule == .parses)
        #expect(item.verdict == .fail)
        #expect(item.detail.hasPrefix("cannot be read as an AASA: not valid JSON at line 1"), "\(item.detail)")
    }

    @Test("validator errors fail the validates rule and name their codes")
    func validatorErrors() async throws {
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(
                200,
                body: Array(
                    #"{"applinks": {"details": [{"appIDs": ["com.x.app"], "components": [{"/": "/a/*"}]}]}}"#.utf8)))
        let item = try #require(items.last)
        #expect(item.rule == .validates)
        #expect(item.verdict == .fail)
        #expect(item.detail.contains("invalid-app-id"), "\(item.detail)")
    }

    static let signedAASA =
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x.app"], "components": [{"/": "/story/*"}]}]}}"#

    @Test("a signed file's content is parsed and validated, and a signer chaining to the trusted root passes")
    func signedFileRead() async throws {
        let signer = try TestSigner()
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(200, "application/pkcs7-mime", body: try signer.sign(Self.signedAASA)),
            signingTrustRootsPEM: signer.certificatePEM)
        #expect(
            items.map(\.rule) == [.tls, .noRedirect, .status, .contentType, .size, .signature, .parses, .validates])
        #expect(items.allSatisfy { $0.verdict == .pass }, "\(items)")
        #expect(
            items.first { $0.rule == .signature }?.detail
                == "is CMS-signed by CN=Wayfinder Test Signer; the signature is valid and chains to a trusted root")
    }

    @Test("a signed file whose certificate chains to no trusted root warns with the fix, and its content is still read")
    func signedFileUntrusted() async throws {
        // Without roots the system trust store decides, which never holds a certificate made here.
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(200, "application/pkcs7-mime", body: try TestSigner().sign(Self.signedAASA)))
        let signature = try #require(items.first { $0.rule == .signature })
        #expect(signature.verdict == .warning)
        #expect(
            signature.detail.hasPrefix(
                "is CMS-signed by CN=Wayfinder Test Signer, whose certificate does not chain to a trusted root ("),
            "\(signature.detail)")
        #expect(signature.fix?.hasPrefix("Serve the unsigned JSON as application/json") == true)
        #expect(items.first { $0.rule == .parses }?.verdict == .pass)
        #expect(items.first { $0.rule == .validates }?.verdict == .pass)
    }

    @Test("a signature that does not match the content warns; the content is still read")
    func signedFileTampered() async throws {
        let signer = try TestSigner()
        var signed = try signer.sign(Self.signedAASA)
        // The signature is the last value in the file: change its last byte.
        signed[signed.count - 1] ^= 0x01
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(200, "application/pkcs7-mime", body: signed),
            signingTrustRootsPEM: signer.certificatePEM)
        let signature = try #require(items.first { $0.rule == .signature })
        #expect(signature.verdict == .warning)
        #expect(
            signature.detail
                == "is CMS-signed by CN=Wayfinder Test Signer, but the signature does not match the content; iOS 8 rejects the file, later versions do not need the signature"
        )
        #expect(items.first { $0.rule == .parses }?.verdict == .pass)
    }

    @Test("the validator judges a signed file's content")
    func signedFileValidated() async throws {
        let signer = try TestSigner()
        let signed = try signer.sign(
            #"{"applinks": {"details": [{"appIDs": ["com.x.app"], "components": [{"/": "/a/*"}]}]}}"#)
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(200, "application/pkcs7-mime", body: signed),
            signingTrustRootsPEM: signer.certificatePEM)
        let item = try #require(items.last)
        #expect(item.rule == .validates)
        #expect(item.verdict == .fail)
        #expect(item.detail.contains("invalid-app-id"), "\(item.detail)")
    }

    @Test("a DER body whose content cannot be extracted fails the parse rule")
    func signedFileUnreadable() async throws {
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(200, "application/pkcs7-mime", body: [0x30, 0x82, 0x01, 0x00]))
        let item = try #require(items.last)
        #expect(item.rule == .parses)
        #expect(item.verdict == .fail)
        #expect(item.detail.hasPrefix("is CMS-signed, but its content cannot be read: "), "\(item.detail)")
        #expect(!items.contains { $0.rule == .signature })
    }

    @Test("a missing assetlinks.json fails when the manifest has an Android app")
    func missingAssetLinksWithAndroid() async throws {
        let manifest = try Manifest(
            json: Array(
                #"""
                {"id": "x", "android": {"package": "com.x.app", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
                 "domains": ["example.com"], "routes": []}
                """#.utf8))
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(404, "text/plain", body: []), file: .assetLinks, manifest: manifest)
        #expect(items.first { $0.rule == .status }?.verdict == .fail)
    }

    @Test("a host the manifest does not name is a warning")
    func hostOutsideManifest() async throws {
        let manifest = try Manifest(
            json: Array(
                #"{"id": "x", "ios": {"appIDs": ["ABCDE12345.com.x.app"]}, "domains": ["other.example"], "routes": []}"#
                    .utf8))
        let items = await HostingCheckTests.items(
            HostingCheckTests.response(404, "text/plain", body: []), manifest: manifest)
        let item = try #require(items.first { $0.rule == .domainInManifest })
        #expect(item.verdict == .warning)
        #expect(item.detail == "example.com is not one of the manifest's domains (other.example)")
    }

    @Test("Apple's CDN failure headers are surfaced")
    func appleCDNFailureHeaders() async throws {
        let cdn = FetchedFile(
            file: .appleCDN, url: "https://app-site-association.cdn-apple.com/a/v1/example.com",
            outcome: HostingCheckTests.response(
                404, "text/plain", body: [],
                headers: [
                    (name: "Apple-Failure-Reason", value: "SWCERR00301 Timeout"),
                    (name: "Apple-Failure-Details", value: "Request timed out"),
                ]))
        let items = await HostingCheck(domain: "example.com").judge([cdn])
        let item = try #require(items.first)
        #expect(item.rule == .cdnFetch)
        #expect(item.verdict == .fail)
        #expect(
            item.detail
                == "Apple's CDN answered 404; Apple-Failure-Reason: SWCERR00301 Timeout; Apple-Failure-Details: Request timed out"
        )
    }

    @Test("items render as JSON objects with stable keys")
    func jsonRendering() {
        let item = HostingCheckItem(
            .noRedirect, .appleAppSiteAssociation, .fail, "answered 301", fix: "Serve it directly.")
        #expect(
            item.jsonNode.jsonText(style: .compact)
                == #"{"rule":"no-redirect","file":"/.well-known/apple-app-site-association","verdict":"fail","detail":"answered 301","fix":"Serve it directly."}"#
        )
    }
}
