import AssociatedDomains
import Foundation
import Testing

/// Signed files the fuzzer found (kept in `Fuzz/Corpus/signed-aasa`): each must be refused with a
/// `SigningError` that says what is wrong, never trap.
@Suite("CMS-signed files with malformed structures are refused, not a crash")
struct SignedAASAMalformedTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus/signed-aasa")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    @Test("a signer identified by an issuer name alone, without a serial number, is an incomplete signer")
    func signerIdentifierWithoutSerialNumber() throws {
        let error = #expect(throws: SigningError.self) {
            try SignedAASA(der: try Self.bytes("crash-signer-id-not-a-pair.p7m"))
        }
        #expect(error?.message.contains("issuer and serial number is incomplete") == true)
    }

    @Test("the well-formed seed files of the same corpus still read and verify")
    func seedsStillRead() throws {
        for name in ["storyteller.p7m", "every-shape-noattr.p7m", "chat-rsa.p7m"] {
            let signed = try SignedAASA(der: try Self.bytes(name))
            #expect(signed.signatureIsValid, "\(name)")
            #expect(AASAFile.decode(signed.content).file != nil, "\(name)")
        }
    }
}
