import ArgumentParser
import AssociatedDomains
import Foundation

/// `wayfinder aasa sign FILE --cert C --key K [--chain I] [--output O]`
struct AASASignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign an association file for iOS 8-era clients (CMS, PKCS#7 DER).",
        discussion: """
            Makes what `openssl smime -sign -noattr -nodetach -outform DER` makes: the JSON \
            attached, no signed attributes, the certificate and chain included. Serve the result \
            as application/pkcs7-mime. iOS 9 and later read unsigned files; sign only for old clients.

            Examples:
              wayfinder aasa sign apple-app-site-association --cert site.pem --key site.key \\
                --chain intermediate.pem --output apple-app-site-association.p7m
            """
    )

    @Argument(help: "The association file to sign.", completion: .file())
    var file: String

    @Option(help: "The signer certificate (PEM).", completion: .file())
    var cert: String

    @Option(help: "The signer's private key (PEM: PKCS#8, RSA or EC).", completion: .file())
    var key: String

    @Option(help: "Intermediate certificates to include (PEM, one or more).", completion: .file())
    var chain: String?

    @Option(help: "Where to write the signed file (default: standard output).", completion: .file())
    var output: String?

    func run() async throws {
        let content = try CommandInput.bytes(file)
        let signed: [UInt8]
        do {
            signed = try SignedAASA.sign(
                content, certificatePEM: try CommandInput.text(cert), privateKeyPEM: try CommandInput.text(key),
                chainPEM: try chain.map(CommandInput.text))
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        if let output {
            try CommandOutput.write(signed, to: output)
        } else {
            FileHandle.standardOutput.write(Data(signed))
        }
    }
}
