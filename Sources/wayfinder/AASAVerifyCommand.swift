import ArgumentParser
import AssociatedDomains
import Foundation

/// `wayfinder aasa verify FILE [--ca PEM] [--output O]`
struct AASAVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Read a CMS-signed association file: check its signature and extract the JSON.",
        discussion: """
            Checks the signature with the signer certificate the file carries and, with --ca, that \
            the certificate chains to one of the given roots. Files signed by OpenSSL (with or \
            without signed attributes) and by `wayfinder aasa sign` are read.

            Exits 0 when the signature (and chain, with --ca) is valid, 1 otherwise.

            Examples:
              wayfinder aasa verify apple-app-site-association.p7m --ca root.pem --output apple-app-site-association
            """
    )

    @Argument(help: "The signed file (DER).", completion: .file())
    var file: String

    @Option(help: "Trusted root certificates (PEM); without it, only the signature is checked.", completion: .file())
    var ca: String?

    @Option(help: "Write the extracted JSON content to this file.", completion: .file())
    var output: String?

    func run() async throws {
        let signed: SignedAASA
        do {
            signed = try SignedAASA(der: try CommandInput.bytes(file))
        } catch {
            printError("\(file): \(error)")
            throw ExitCode(1)
        }
        print(
            "\(file): signed by \(signed.signerSubject) (\(signed.certificateCount) certificate(s)), \(signed.content.count) bytes of content"
        )
        var valid = signed.signatureIsValid
        print(
            "\(file): signature "
                + (signed.signatureIsValid
                    ? "valid" : "NOT valid: the content or signature was changed, or the key does not match"))
        if let ca {
            let problem = try await signed.verifyChain(trustRootsPEM: try CommandInput.text(ca))
            print("\(file): certificate chain " + (problem.map { "NOT trusted: \($0)" } ?? "trusted"))
            valid = valid && problem == nil
        }
        if let output { try CommandOutput.write(signed.content, to: output) }
        if !valid { throw ExitCode(1) }
    }
}
