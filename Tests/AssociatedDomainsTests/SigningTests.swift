import AssociatedDomains
import Foundation
import TestSupport
import Testing

/// A throwaway CA and signer made with the `openssl` command in a temporary folder.
struct OpenSSLFixture {
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    let directory: URL

    init(keyType: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-cms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try makeFiles(keyType: keyType)
        } catch {
            remove()
            throw error
        }
    }

    private func makeFiles(keyType: String) throws {
        let newKey =
            keyType == "rsa" ? ["-newkey", "rsa:2048"] : ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]
        try run(
            ["req", "-x509"] + newKey + [
                "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-subj", "/CN=Wayfinder Test CA", "-days", "2",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        try run(
            ["req"] + newKey + ["-nodes", "-keyout", "signer.key", "-out", "signer.csr", "-subj", "/CN=example.com"])
        try "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n".write(
            to: url("signer.ext"), atomically: true, encoding: .utf8)
        try run([
            "x509", "-req", "-in", "signer.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
            "signer.pem", "-days", "2", "-extfile", "signer.ext",
        ])
    }

    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func text(_ name: String) throws -> String { try String(contentsOf: url(name), encoding: .utf8) }

    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }

    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: url(name)) }

    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let result = try ChildProcess.run(
            OpenSSLFixture.openssl!, arguments, directory: directory.path, standardError: .discard)
        return (result.status, Data(result.standardOutput))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite(
    "CMS-signed association files, interoperating with openssl",
    .enabled(if: OpenSSLFixture.openssl != nil, "the openssl command is not installed; CMS interop tests need it")
)
struct SigningTests {
    static let content = Array(
        #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#.utf8)

    @Test("what we sign, openssl smime verifies and unwraps", arguments: ["ec", "rsa"])
    func opensslVerifiesOurs(keyType: String) throws {
        let fixture = try OpenSSLFixture(keyType: keyType)
        defer { fixture.remove() }
        let signed = try SignedAASA.sign(
            Self.content, certificatePEM: try fixture.text("signer.pem"), privateKeyPEM: try fixture.text("signer.key"),
            chainPEM: try fixture.text("ca.pem"))
        try fixture.write(signed, to: "ours.der")
        let result = try fixture.run([
            "smime", "-verify", "-inform", "DER", "-in", "ours.der", "-CAfile", "ca.pem", "-purpose", "any",
        ])
        #expect(result.status == 0)
        #expect(Array(result.output) == Self.content)
    }

    @Test(
        "what openssl signs, we read, verify and chain to the CA",
        arguments: [("ec", true), ("rsa", true), ("ec", false), ("rsa", false)])
    func weVerifyOpenssls(keyType: String, noattr: Bool) async throws {
        let fixture = try OpenSSLFixture(keyType: keyType)
        defer { fixture.remove() }
        try fixture.write(Self.content, to: "aasa.json")
        let result = try fixture.run(
            [
                "smime", "-sign", "-in", "aasa.json", "-signer", "signer.pem", "-inkey", "signer.key", "-nodetach",
                "-binary", "-outform", "DER", "-out", "theirs.der",
            ]
                + (noattr ? ["-noattr"] : []))
        #expect(result.status == 0)
        let signed = try SignedAASA(der: try fixture.bytes("theirs.der"))
        #expect(signed.content == Self.content)
        #expect(signed.signatureIsValid)
        #expect(signed.signerSubject.contains("example.com"))
        #expect(try await signed.verifyChain(trustRootsPEM: try fixture.text("ca.pem")) == nil)
    }

    @Test("a changed byte breaks the signature; another CA does not vouch for the signer")
    func tampering() async throws {
        let fixture = try OpenSSLFixture(keyType: "ec")
        defer { fixture.remove() }
        let other = try OpenSSLFixture(keyType: "ec")
        defer { other.remove() }
        var signed = try SignedAASA.sign(
            Self.content, certificatePEM: try fixture.text("signer.pem"), privateKeyPEM: try fixture.text("signer.key"))
        let good = try SignedAASA(der: signed)
        #expect(good.signatureIsValid)
        #expect(try await good.verifyChain(trustRootsPEM: try other.text("ca.pem")) != nil)
        let position = try #require(signed.indices.first { signed[$0...].starts(with: Array("ABCDE".utf8)) })
        signed[position] = UInt8(ascii: "Z")
        #expect(try SignedAASA(der: signed).signatureIsValid == false)
    }

    @Test("a chain is checked at the time asked for: valid today, expired ten days on, not yet valid ten days ago")
    func chainAtATime() async throws {
        let fixture = try OpenSSLFixture(keyType: "ec")
        defer { fixture.remove() }
        let signed = try SignedAASA(
            der: try SignedAASA.sign(
                Self.content, certificatePEM: try fixture.text("signer.pem"),
                privateKeyPEM: try fixture.text("signer.key")))
        let roots = try fixture.text("ca.pem")
        let day: TimeInterval = 86_400
        #expect(try await signed.verifyChain(trustRootsPEM: roots, at: Date()) == nil)
        #expect(try await signed.verifyChain(trustRootsPEM: roots, at: Date() + 10 * day) != nil)
        #expect(try await signed.verifyChain(trustRootsPEM: roots, at: Date() - 10 * day) != nil)
    }

    @Test("a key that is not the certificate's is refused; garbage is not a signed file")
    func badInput() throws {
        let fixture = try OpenSSLFixture(keyType: "ec")
        defer { fixture.remove() }
        let other = try OpenSSLFixture(keyType: "ec")
        defer { other.remove() }
        #expect(throws: SigningError.self) {
            try SignedAASA.sign(
                Self.content, certificatePEM: try fixture.text("signer.pem"),
                privateKeyPEM: try other.text("signer.key"))
        }
        #expect(throws: SigningError.self) { try SignedAASA(der: Self.content) }
        #expect(throws: SigningError.self) { try SignedAASA(der: [0x30, 0x03, 0x02, 0x01]) }
    }
}
