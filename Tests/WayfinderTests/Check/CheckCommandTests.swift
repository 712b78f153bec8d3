import Foundation
import HTTPTypes
import Testing
@_spi(CMS) import X509

/// `wayfinder check` run as a user would, against real HTTPS servers on 127.0.0.1 whose
/// certificate a throwaway CA issued. Serialized: a dozen servers and child processes started at
/// once on a two-core machine answered nothing until the children's time limits ran out.
@Suite("wayfinder check", .serialized)
struct CheckCommandTests {
    static let aasa = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [
          {"/": "/e/*", "exclude": true}, {"/": "/story/*"}, {"/": "/category/*"}]}]}}
        """#
    static let assetLinks = #"""
        [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
          "package_name": "com.storyteller.app", "sha256_cert_fingerprints":
          ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
        """#
    static let wellServed: [String: Reply] = [
        "/.well-known/apple-app-site-association": .json(aasa),
        "/apple-app-site-association": .json(aasa),
        "/.well-known/assetlinks.json": .json(assetLinks),
    ]

    let authority: TestCertificateAuthority

    init() throws {
        authority = try TestCertificateAuthority()
    }

    /// Serves `replies` and runs `wayfinder check 127.0.0.1:PORT --ca-certificate CA arguments…`.
    func check(_ replies: [String: Reply], _ arguments: [String] = []) async throws -> WayfinderProcess.Result {
        let caFile = try authority.writeCertificatePEM()
        defer { try? FileManager.default.removeItem(at: caFile) }
        let caPath = caFile.path
        return try await LoopbackHTTPSServer.run(authority: authority, replies: replies) { port in
            // A generous time limit: the loopback server shares two cores with the whole test run,
            // and a slow answer here is not what these tests are about (the stall test sets its own).
            try await WayfinderProcess.runDetached(
                ["check", "127.0.0.1:\(port)", "--ca-certificate", caPath, "--timeout", "30"]
                    + arguments
                    .map { $0.replacingOccurrences(of: "PORT", with: String(port)) })
        }
    }

    @Test("a well-served domain passes every rule for all three files and exits 0")
    func wellServed() async throws {
        let result = try await check(CheckCommandTests.wellServed)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for file in [
            "/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json",
        ] {
            #expect(
                result.stdout.contains("✓ tls \(file): the certificate is valid for 127.0.0.1\n"), "\(result.stdout)")
            #expect(result.stdout.contains("✓ no-redirect \(file): answered without a redirect\n"))
            #expect(result.stdout.contains("✓ status \(file): answered 200\n"))
            #expect(result.stdout.contains("✓ content-type \(file): is served as application/json\n"))
            #expect(result.stdout.contains("✓ size \(file): is "))
        }
        #expect(!result.stdout.contains("✗"))
        #expect(result.stdout.hasSuffix("21 passed, 0 failed, 0 warnings, 0 not checked: everything is right\n"))
    }

    @Test("--manifest: files that cover the manifest pass the drift report")
    func manifestCovered() async throws {
        let manifest = try CheckCommandTests.writeManifest(appID: "ABCDE12345.com.storyteller.app")
        defer { try? FileManager.default.removeItem(at: manifest) }
        let result = try await check(CheckCommandTests.wellServed, ["--manifest", manifest.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✓ app-id /.well-known/apple-app-site-association: ABCDE12345.com.storyteller.app is named in applinks\n"
            ))
        #expect(
            result.stdout.contains(
                "✓ route /.well-known/apple-app-site-association: route story: 1 sampled URL decide match, e.g. https://127.0.0.1/story/sample\n"
            ))
        #expect(
            result.stdout.contains(
                "✓ exclude /.well-known/apple-app-site-association: exclude /e/*: 1 sampled URL decide exclude, e.g. https://127.0.0.1/e/sample\n"
            ))
        #expect(
            result.stdout.contains(
                "✓ assetlinks-fingerprints /.well-known/assetlinks.json: all 1 fingerprint of the manifest are listed\n"
            ))
    }

    @Test("--manifest: a wrong app ID on the domain fails with the fix")
    func wrongAppID() async throws {
        let manifest = try CheckCommandTests.writeManifest(appID: "FGHIJ67890.com.storyteller.app")
        defer { try? FileManager.default.removeItem(at: manifest) }
        let result = try await check(CheckCommandTests.wellServed, ["--manifest", manifest.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✗ app-id /.well-known/apple-app-site-association: FGHIJ67890.com.storyteller.app is not named by any applinks detail (the file names: ABCDE12345.com.storyteller.app)
                    fix: Regenerate the AASA with `wayfinder aasa generate --manifest FILE`, or correct the app ID in the manifest.
                """), "\(result.stdout)")
    }

    @Test("invalid JSON fails the parse rule")
    func invalidJSON() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/.well-known/apple-app-site-association"] = .json(#"{"applinks": {"details": [}"#)
        let result = try await check(replies)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "✗ parses /.well-known/apple-app-site-association: cannot be read as an AASA: not valid JSON at line 1"),
            "\(result.stdout)")
    }

    /// A manifest for the loopback host with the routes the test AASA covers.
    static func writeManifest(appID: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-check-\(UUID()).json")
        try Data(
            #"""
            {"id": "storyteller", "ios": {"appIDs": ["\#(appID)"]},
             "android": {"package": "com.storyteller.app", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
             "domains": ["127.0.0.1"],
             "routes": [{"name": "story", "paths": ["/story/{storyId}"]}, {"name": "category", "paths": ["/category/{categoryId}"]}],
             "exclude": ["/e/*"]}
            """#.utf8
        ).write(to: file)
        return file
    }

    @Test("a redirect fails, says where it points, and exits 1")
    func redirect() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/.well-known/apple-app-site-association"] = Reply(
            status: .movedPermanently,
            headers: [(name: "Location", value: "https://www.example.com/.well-known/apple-app-site-association")])
        let result = try await check(replies)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                ✗ no-redirect /.well-known/apple-app-site-association: answered 301, redirecting to https://www.example.com/.well-known/apple-app-site-association; iOS and Android do not follow redirects for this file
                    fix: Serve the file itself at https://127.0.0.1:
                """), "\(result.stdout)")
    }

    @Test("an HTML catch-all page answering 200 fails the content type")
    func htmlPage() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/.well-known/apple-app-site-association"] = .json(
            "<!doctype html><html><body>Welcome</body></html>", contentType: "text/html; charset=utf-8")
        let result = try await check(replies)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✗ content-type /.well-known/apple-app-site-association: is served as text/html; charset=utf-8, expected application/json; the body is an HTML page (a catch-all route?)
                    fix: Serve /.well-known/apple-app-site-association with `Content-Type: application/json`.
                """), "\(result.stdout)")
    }

    @Test("a 404 fails the well-known file and only warns for the legacy location and assetlinks.json")
    func notFound() async throws {
        let result = try await check([:])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("✗ status /.well-known/apple-app-site-association: answered 404 instead of 200\n"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "! status /apple-app-site-association: answered 404 instead of 200 (only clients older than iOS 9.3"))
        #expect(
            result.stdout.contains(
                "! status /.well-known/assetlinks.json: answered 404 instead of 200; fine if no Android app opens links on 127.0.0.1\n"
            ))
        #expect(result.stdout.hasSuffix("6 passed, 1 failed, 2 warnings, 0 not checked: problems found\n"))
    }

    @Test("a file over 128 KB fails the size rule")
    func oversize() async throws {
        var replies = CheckCommandTests.wellServed
        let padding = String(repeating: " ", count: 140_000)
        replies["/.well-known/apple-app-site-association"] = .json(CheckCommandTests.aasa + padding)
        let result = try await check(replies)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "✗ size /.well-known/apple-app-site-association: is \(CheckCommandTests.aasa.utf8.count + 140_000) bytes, over the 128 KB (131072 bytes) limit\n"
            ), "\(result.stdout)")
    }

    /// `aasa` CMS-signed by the test CA, as the well-known file.
    func servingSigned(_ aasa: String) throws -> (replies: [String: Reply], signed: [UInt8]) {
        let signed = try CMS.sign(
            Array(aasa.utf8), signatureAlgorithm: .ecdsaWithSHA256, certificate: authority.certificate,
            privateKey: .init(authority.signingKey), detached: false)
        var replies = CheckCommandTests.wellServed
        replies["/.well-known/apple-app-site-association"] = Reply(
            headers: [(name: "Content-Type", value: "application/pkcs7-mime")], body: signed)
        return (replies, signed)
    }

    @Test(
        "a signed file is unwrapped: its signature chains to the given CA, and its content parses, validates and covers the manifest"
    )
    func signedFile() async throws {
        let (replies, signed) = try servingSigned(CheckCommandTests.aasa)
        let manifest = try CheckCommandTests.writeManifest(appID: "ABCDE12345.com.storyteller.app")
        defer { try? FileManager.default.removeItem(at: manifest) }
        let result = try await check(replies, ["--manifest", manifest.path])
        #expect(
            result.stdout.contains(
                "✓ content-type /.well-known/apple-app-site-association: is served as application/pkcs7-mime\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("✓ size /.well-known/apple-app-site-association: is \(signed.count) bytes"))
        #expect(
            result.stdout.contains(
                """
                ✓ signature /.well-known/apple-app-site-association: is CMS-signed by CN=Wayfinder Test CA; the signature is valid and chains to a trusted root
                ✓ parses /.well-known/apple-app-site-association: reads as an AASA
                ✓ validates /.well-known/apple-app-site-association: no validator findings
                """))
        #expect(
            result.stdout.contains(
                "✓ route /.well-known/apple-app-site-association: route story: 1 sampled URL decide match, e.g. https://127.0.0.1/story/sample\n"
            ))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test("--manifest: a wrong app ID inside a signed file fails the drift check")
    func signedFileWrongAppID() async throws {
        let (replies, _) = try servingSigned(
            CheckCommandTests.aasa.replacingOccurrences(of: "ABCDE12345", with: "ZZZZZ99999"))
        let manifest = try CheckCommandTests.writeManifest(appID: "ABCDE12345.com.storyteller.app")
        defer { try? FileManager.default.removeItem(at: manifest) }
        let result = try await check(replies, ["--manifest", manifest.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✗ app-id /.well-known/apple-app-site-association: ABCDE12345.com.storyteller.app is not named by any applinks detail (the file names: ZZZZZ99999.com.storyteller.app)
                """), "\(result.stdout)")
    }

    @Test("a server that stalls past --timeout cannot be checked: exit 2 with a plain message")
    func stall() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/.well-known/apple-app-site-association"]?.stalls = true
        let result = try await check(replies, ["--timeout", "0.1"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "? reachable /.well-known/apple-app-site-association: could not fetch https://127.0.0.1:"),
            "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix(
                "wayfinder check: could not check everything on 127.0.0.1: no answer within the time limit"),
            "\(result.stderr)")
    }

    @Test("a certificate from an unknown CA fails the TLS rule")
    func untrustedCertificate() async throws {
        let result = try await LoopbackHTTPSServer.run(authority: authority, replies: CheckCommandTests.wellServed) {
            port in
            try await WayfinderProcess.runDetached(["check", "127.0.0.1:\(port)", "--timeout", "5"])
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "✗ tls /.well-known/apple-app-site-association: the TLS handshake with 127.0.0.1 failed: the certificate is not trusted"
            ), "\(result.stdout)")
    }

    @Test("a certificate that does not name the host fails the TLS rule and says so")
    func certificateForAnotherName() async throws {
        // A trusted certificate for another name, checked as localhost.
        let authority = try TestCertificateAuthority(serverNames: ["other.example"], namesLoopback: false)
        let caFile = try authority.writeCertificatePEM()
        defer { try? FileManager.default.removeItem(at: caFile) }
        let result = try await LoopbackHTTPSServer.run(authority: authority, replies: CheckCommandTests.wellServed) {
            port in
            try await WayfinderProcess.runDetached([
                "check", "localhost:\(port)", "--ca-certificate", caFile.path, "--timeout", "30",
            ])
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "✗ tls /.well-known/apple-app-site-association: the TLS handshake with localhost failed: the certificate does not name this host"
            ), "\(result.stdout)")
    }

    @Test("a server that does not speak TLS fails the TLS rule as a failed handshake, not as an untrusted certificate")
    func plainHTTPServer() async throws {
        let result = try await LoopbackHTTPSServer.run(
            authority: authority, replies: CheckCommandTests.wellServed, tls: false
        ) { port in
            try await WayfinderProcess.runDetached(["check", "127.0.0.1:\(port)", "--timeout", "30"])
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "✗ tls /.well-known/apple-app-site-association: the TLS handshake with 127.0.0.1 failed: the TLS handshake failed"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("not trusted"), "\(result.stdout)")
    }

    @Test("a refused connection exits 2 with a plain message")
    func connectionRefused() async throws {
        let result = try await WayfinderProcess.runDetached(["check", "127.0.0.1:1", "--timeout", "5"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "wayfinder check: could not check everything on 127.0.0.1: connection refused: nothing accepts connections at 127.0.0.1 port 1\n"
        )
    }

    @Test("--help documents every option except the hidden CDN address")
    func help() async throws {
        let result = try await WayfinderProcess.runDetached(["check", "--help"])
        #expect(result.status == 0)
        for option in [
            "--manifest <manifest>", "--ca-certificate <ca-certificate>", "--timeout <timeout>", "--apple-cdn",
            "--json",
        ] {
            #expect(result.stdout.contains(option), "\(option)")
        }
        #expect(!result.stdout.contains("--apple-cdn-url"))
    }

    @Test("a host that does not resolve exits 2 with a plain message")
    func dnsFailure() async throws {
        // `.invalid` never resolves (RFC 6761); offline, the lookup may time out instead: both
        // mean the check could not be made.
        let result = try await WayfinderProcess.runDetached(["check", "no-such-host.invalid", "--timeout", "3"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("wayfinder check: could not check everything on no-such-host.invalid: "),
            "\(result.stderr)")
        #expect(result.stderr.contains("does not resolve") || result.stderr.contains("no answer within the time limit"))
    }

    @Test(
        "bad arguments exit 2 and say what would be right",
        arguments: [
            (
                ["check", "https://example.com"],
                #""https://example.com" has a scheme; give the host only, such as example.com (the check always uses HTTPS)"#
            ),
            (["check", "example.com:99999"], #""example.com:99999" has a port that is not a number from 1 to 65535"#),
            (
                ["check", "example.com", "--timeout", "0"],
                "--timeout must be a positive number of seconds, such as 10 or 0.5"
            ),
            (
                ["check", "example.com", "--manifest", "no-such-manifest.json"],
                "cannot read the manifest no-such-manifest.json: no such file, or it is not readable"
            ),
            (
                ["check", "example.com", "--ca-certificate", "no-such-ca.pem"],
                "cannot read the CA certificate no-such-ca.pem: no such file, or it is not readable"
            ),
        ])
    func badArguments(arguments: [String], message: String) async throws {
        let result = try await WayfinderProcess.runDetached(arguments)
        #expect(result.status == 2)
        #expect(result.stderr == "wayfinder check: \(message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test("--apple-cdn surfaces Apple-Failure-Reason and Apple-Failure-Details")
    func appleCDNFailure() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/a/v1/127.0.0.1"] = Reply(
            status: .notFound,
            headers: [
                (name: "Apple-Failure-Reason", value: "SWCERR00301 Timeout"),
                (name: "Apple-Failure-Details", value: "Request timed out"),
            ])
        let result = try await check(replies, ["--apple-cdn", "--apple-cdn-url", "https://127.0.0.1:PORT/a/v1/"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                """
                ✗ cdn-fetch Apple CDN: Apple's CDN answered 404; Apple-Failure-Reason: SWCERR00301 Timeout; Apple-Failure-Details: Request timed out
                """), "\(result.stdout)")
    }

    @Test("--apple-cdn: a CDN copy that means the same as the origin's passes, whatever its formatting and comments")
    func appleCDNCurrent() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/a/v1/127.0.0.1"] = .json(
            CheckCommandTests.aasa.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: #"{"/": "/story/*"}"#, with: #"{"/": "/story/*", "comment": "stories"}"#))
        let result = try await check(replies, ["--apple-cdn", "--apple-cdn-url", "https://127.0.0.1:PORT/a/v1"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("✓ cdn-fetch Apple CDN: Apple's CDN holds a copy ("))
        #expect(result.stdout.contains("✓ cdn-current Apple CDN: the CDN copy means the same as the origin's\n"))
    }

    @Test("--apple-cdn: a CDN copy that differs warns and names each rule that differs")
    func appleCDNBehind() async throws {
        var replies = CheckCommandTests.wellServed
        replies["/a/v1/127.0.0.1"] = .json(
            CheckCommandTests.aasa.replacingOccurrences(of: #", {"/": "/category/*"}"#, with: ""))
        let result = try await check(replies, ["--apple-cdn", "--apple-cdn-url", "https://127.0.0.1:PORT/a/v1"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """
                ! cdn-current Apple CDN: the CDN copy differs from the origin's (Apple has not fetched the current file yet); from the CDN's to the origin's: ABCDE12345.com.storyteller.app: added #2: match / "/category/*"
                    fix: Nothing to change if the origin is right
                """), "\(result.stdout)")
    }

    @Test("--json prints one object per rule and a summary with the exit code")
    func json() async throws {
        let result = try await check([:], ["--json"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                #"{"rule":"status","file":"/.well-known/apple-app-site-association","verdict":"fail","detail":"answered 404 instead of 200","fix":"Serve the file at /.well-known/apple-app-site-association with status 200 (`wayfinder aasa generate --manifest FILE` writes it)."}"#
            ), "\(result.stdout)")
        #expect(lines.last == #"{"host":"127.0.0.1","passed":6,"failed":1,"warnings":2,"unchecked":0,"exitCode":1}"#)
    }
}
