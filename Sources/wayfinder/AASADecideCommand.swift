import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// `wayfinder aasa decide` (batch: JSON lines in, JSON lines out)
struct AASADecideCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decide",
        abstract: "Decide many URLs: JSON lines on standard input, one decision per line out.",
        discussion: """
            Each input line is {"id": …, "aasa": …, "domain": "example.com", "appId": "ABCDE12345.com.x", \
            "url": "https://example.com/a"}. "aasa" is either the file itself as a JSON object, or \
            the file's text as a JSON string. "id" is echoed as given (any JSON value).

            Each output line is {"id": …, "decision": "match" | "exclude" | "no_match"}; a line \
            that cannot be used answers {"id": …, "error": "…"} (id null when unknown) and the run \
            goes on. Files are compiled once and reused for lines that repeat them.

            Example:
              echo '{"id":1,"aasa":{"applinks":{"details":[{"appIDs":["ABCDE12345.com.x"],"components":[{"/":"/a/*"}]}]}},"domain":"example.com","appId":"ABCDE12345.com.x","url":"https://example.com/a/1"}' \\
                | wayfinder aasa decide
            """
    )

    func run() async throws {
        AASADecideCommand.batch.run()
    }

    static var batch: DecideBatch<CompiledAASA> {
        DecideBatch(
            fileKey: "aasa", fileShape: "object", appKey: "appId",
            compile: { text, domain in
                do throws(AASAError) {
                    return .success(try CompiledAASA(json: Array(text.utf8), domain: domain))
                } catch {
                    return .failure(DecideBatchError(error, fallback: "not an association file"))
                }
            },
            decide: { compiled, appID, url in compiled.decide(appID: appID, url: url) })
    }
}
