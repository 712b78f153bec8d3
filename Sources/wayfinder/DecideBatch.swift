import ArgumentParser
import AssociatedDomains
import DeepLinkRouting

/// The batch protocol `aasa decide` and `assetlinks decide` share: one JSON object per line on
/// standard input naming an association file, a domain, an app and a URL; one
/// `{"id": …, "decision": …}` (or `{"id": …, "error": …}`) per line out. Files are compiled once
/// per domain and reused for the lines that repeat them.
struct DecideBatch<Compiled> {
    /// The key of the association file in a request: `aasa` or `assetlinks`.
    var fileKey: String
    /// What the file must be when given as JSON rather than as its text: "object" or "array".
    var fileShape: String
    /// The key naming the app: `appId` or `package`.
    var appKey: String
    /// Reads a file's text for a domain, or says why it cannot be read.
    var compile: (_ text: String, _ domain: String) -> Result<Compiled, DecideBatchError>
    var decide: (_ compiled: Compiled, _ app: String, _ url: String) -> AASADecision

    /// Answers every line of standard input until it ends.
    func run() {
        var cache: [String: Compiled] = [:]
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            print(answer(line, cache: &cache).jsonText(style: .compact))
        }
    }

    func answer(_ line: String, cache: inout [String: Compiled]) -> JSONNode {
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
        guard let app = request[appKey]?.stringValue else { return failure("missing \"\(appKey)\" (a string)") }
        guard let url = request["url"]?.stringValue else { return failure("missing \"url\" (a string)") }
        let text: String
        let missingFile = "missing \"\(fileKey)\": the file as a JSON \(fileShape) or its text as a string"
        guard let file = request[fileKey] else { return failure(missingFile) }
        switch file.value {
        case .string(let given): text = given
        case .object where fileShape == "object", .array where fileShape == "array":
            text = file.jsonText(style: .compact)
        default:
            return failure(missingFile)
        }
        let key = domain + "\u{0}" + text
        let compiled: Compiled
        if let cached = cache[key] {
            compiled = cached
        } else {
            switch compile(text, domain) {
            case .success(let value): compiled = value
            case .failure(let error): return failure("\"\(fileKey)\" cannot be read: \(error.message)")
            }
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = compiled
        }
        let decision = decide(compiled, app, url)
        return JSONNode(
            .object([.init(key: "id", value: id), .init(key: "decision", value: JSONNode(.string(decision.rawValue)))]))
    }
}

/// Why a batch line's file cannot be read.
struct DecideBatchError: Error {
    var message: String

    /// The first diagnostic of a file that cannot be read, or `fallback`.
    init(_ error: AASAError, fallback: String) {
        message = error.diagnostics.first?.message ?? fallback
    }
}

/// How `aasa match` and `assetlinks match` print a decision: one line of words, or with `--json`
/// one object whose `place` members say which rule decided and which keys failed.
enum MatchOutput {
    /// What `explain` says of one URL: the decision, where it was made (`place`), the keys'
    /// verdicts and the line for people.
    typealias Explained = (
        decision: AASADecision, place: [JSONNode.Member], verdicts: [AASAExplanation.KeyVerdict], summary: String
    )

    static func print(
        url: String, decision: AASADecision, place: [JSONNode.Member], verdicts: [AASAExplanation.KeyVerdict],
        summary: String, json: Bool
    ) {
        guard json else {
            Swift.print("\(url): \(summary)")
            return
        }
        var members: [JSONNode.Member] = [
            .init(key: "url", value: JSONNode(.string(url))),
            .init(key: "decision", value: JSONNode(.string(decision.rawValue))),
        ]
        if !place.isEmpty {
            members += place
            let failed = verdicts.filter { !$0.matched }.map { JSONNode(.string($0.key)) }
            if !failed.isEmpty { members.append(.init(key: "failed", value: JSONNode(.array(failed)))) }
        }
        members.append(.init(key: "reason", value: JSONNode(.string(summary))))
        Swift.print(JSONNode(.object(members)).jsonText(style: .compact))
    }

    static func number(_ key: String, _ value: Int) -> JSONNode.Member {
        .init(key: key, value: JSONNode(.number(String(value))))
    }
}
