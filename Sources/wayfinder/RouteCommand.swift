import ArgumentParser
import DeepLinkRouting
import Foundation

/// `wayfinder route --manifest FILE [--json] URL…`
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Resolve links as the app would: route, parameters, source, or why not.",
        discussion: """
            Each URL goes through the same route table the app builds from the manifest: App Links \
            (al_applink_data) are unwrapped, then the URL is matched. The outcome is matched (with \
            the route, its parameters percent-decoded, the source, the route's barriers and, for \
            App Links, the referring app), notDeepLink, excluded, notFound, or invalid when the URL \
            cannot be read; the command then goes on with the next URL. The manifest is loaded as \
            `wayfinder manifest validate` checks it: a manifest it rejects (an unknown key, a \
            parameter type other than int and uuid, ambiguous routes) is rejected here too.

            Exits 0 when the manifest loads, whatever the outcomes: an outcome is an answer, not \
            an error. Exits 1 when the manifest cannot be read or its routes do not build.

            Examples:
              wayfinder route --manifest Examples/storyteller.json https://stories.example.com/story/42
              wayfinder route --manifest Examples/payments.json --json 'payapp://pay?order_id=7'
            """
    )

    @Option(help: "The app manifest (wayfinder.json).", completion: .file(extensions: ["json"]))
    var manifest: String

    @Flag(help: "Print one JSON object per URL, one per line.")
    var json = false

    @Argument(help: "Links to resolve.")
    var urls: [String]

    func run() async throws {
        let table = try loadTable()
        for text in urls {
            let resolution = table.resolve(text)
            print(json ? RouteCommand.jsonLine(text, resolution) : RouteCommand.textLine(text, resolution))
        }
    }

    private func loadTable() throws -> RouteTable {
        try CommandInput.manifest(manifest).routes
    }

    /// The documented shape (Documentation/Router.md): `{"url","outcome",…}` with stable keys.
    static func jsonLine(_ url: String, _ resolution: Resolution) -> String {
        var members: [(String, JSONNode)] = [
            ("url", JSONNode(.string(url))), ("outcome", JSONNode(.string(resolution.name))),
        ]
        switch resolution {
        case .matched(let match):
            members.append(("route", JSONNode(.string(match.route))))
            members.append(
                (
                    "params",
                    JSONNode(
                        .object(
                            match.orderedParameters.map {
                                JSONNode.Member(key: $0.name, value: JSONNode(.string($0.value)))
                            }))
                ))
            members.append(("source", JSONNode(.string(match.source.rawValue))))
            members.append(("barriers", JSONNode(.array(match.barriers.map { JSONNode(.string($0)) }))))
            if let referer = match.referer {
                var fields: [JSONNode.Member] = []
                if let url = referer.url {
                    fields.append(.init(key: "url", value: JSONNode(.string(url.absoluteString))))
                }
                if let name = referer.appName { fields.append(.init(key: "appName", value: JSONNode(.string(name)))) }
                members.append(("referer", JSONNode(.object(fields))))
            }
        case .invalid(let reason):
            members.append(("reason", JSONNode(.string(reason))))
        case .notDeepLink, .excluded, .notFound:
            break
        }
        return JSONNode(.object(members.map { JSONNode.Member(key: $0.0, value: $0.1) })).jsonText(style: .compact)
    }

    /// `URL: matched story (universalLink) storyId="42"; barriers: signedIn; referer: Facebook <fb://…>`
    static func textLine(_ url: String, _ resolution: Resolution) -> String {
        switch resolution {
        case .matched(let match):
            var line = "\(url): matched \(match.route) (\(match.source.rawValue))"
            for (name, value) in match.orderedParameters {
                var quoted = ""
                JSONNode.writeString(value, to: &quoted)
                line += " \(name)=\(quoted)"
            }
            if !match.barriers.isEmpty { line += "; barriers: " + match.barriers.joined(separator: ", ") }
            if let referer = match.referer {
                line +=
                    "; referer: " + (referer.appName ?? "unnamed app")
                    + (referer.url.map { " <\($0.absoluteString)>" } ?? "")
            }
            return line
        case .invalid(let reason):
            return "\(url): invalid: \(reason)"
        case .notDeepLink:
            return "\(url): notDeepLink (not http(s) on one of the manifest's domains, nor one of its custom schemes)"
        case .excluded:
            return "\(url): excluded (matches an exclude pattern; it never opens the app)"
        case .notFound:
            return "\(url): notFound (one of the app's links, but no route matches)"
        }
    }
}
