import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder assetlinks decide` (batch: JSON lines in, JSON lines out)
struct AssetLinksDecideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decide",
        abstract: "Decide many URLs for Android: JSON lines on standard input, one decision per line out.",
        discussion: """
            The same protocol as `wayfinder aasa decide`. Each input line is {"id": …, \
            "assetlinks": …, "domain": "example.com", "package": "com.example.app", "url": \
            "https://example.com/a"}. "assetlinks" is either the file itself as a JSON array, or \
            the file's text as a JSON string. "id" is echoed as given (any JSON value).

            Each output line is {"id": …, "decision": "match" | "exclude" | "no_match"}, decided \
            by the package's Android 15 dynamic App Links rules (a package without dynamic rules \
            is a match: its intent filters alone decide). A line that cannot be used answers \
            {"id": …, "error": "…"} (id null when unknown) and the run goes on.

            Example:
              echo '{"id":1,"assetlinks":[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.x.app","sha256_cert_fingerprints":[]},"relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[{"/":"/a/*"}]}}}],"domain":"example.com","package":"com.x.app","url":"https://example.com/a/1"}' \\
                | wayfinder assetlinks decide
            """
    )

    func run() async throws {
        AssetLinksDecideCommand.batch.run()
    }

    static var batch: DecideBatch<CompiledAssetLinks> {
        DecideBatch(
            fileKey: "assetlinks", fileShape: "array", appKey: "package",
            compile: { text, domain in
                do throws(AASAError) {
                    return .success(try CompiledAssetLinks(json: Array(text.utf8), domain: domain))
                } catch {
                    return .failure(DecideBatchError(error, fallback: "not an assetlinks.json"))
                }
            },
            decide: { compiled, package, url in compiled.decide(package: package, url: url) })
    }
}
