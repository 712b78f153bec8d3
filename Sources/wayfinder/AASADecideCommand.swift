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
        var cache: [String: CompiledAASA] = [:]
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            print(AASADecideCommand.answer(line, cache: &cache).jsonText(style: .compact))
        }
    }

    static func answer(_ line: String, cache: inout [String: CompiledAASA]) -> JSONNode {
        var id = JSONNode(.null)
        func failure(_ message: String) -> JSONNode {
            JSONNode(.object([.init(key: "id", value: id), .init(key: "error", value: JSONNode(.string(message)))]))
        }
        let request: JSONNode
        do {
            request = try JSONParser(maximumDepth: AASAFile.maximumDepth).parse(line)
        } catch {
            return failure("the line is not JSON: \(error)")
        }
        guard request.objectValue != nil else { return failure("the line must be a JSON object") }
        if let given = request["id"] { id = given }
        guard let domain = request["domain"]?.stringValue else { return failure("missing \"domain\" (a string)") }
        guard let appID = request["appId"]?.stringValue else { return failure("missing \"appId\" (a string)") }
        guard let url = request["url"]?.stringValue else { return failure("missing \"url\" (a string)") }
        let aasaText: String
        switch request["aasa"]?.value {
        case .string(let text): aasaText = text
        case .object: aasaText = request["aasa"]!.jsonText(style: .compact)
        default: return failure("missing \"aasa\": the file as a JSON object or its text as a string")
        }
        let key = domain + "\u{0}" + aasaText
        let compiled: CompiledAASA
        if let cached = cache[key] {
            compiled = cached
        } else {
            do {
                compiled = try CompiledAASA(json: Array(aasaText.utf8), domain: domain)
            } catch {
                return failure(
                    "\"aasa\" cannot be read: " + (error.diagnostics.first?.message ?? "not an association file"))
            }
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = compiled
        }
        let decision = compiled.decide(appID: appID, url: url)
        return JSONNode(
            .object([.init(key: "id", value: id), .init(key: "decision", value: JSONNode(.string(decision.rawValue)))]))
    }
}
