import Foundation

/// A link matched to a route: the route, the pattern that matched, the captured parameters
/// (percent-decoded), and where the link came from.
///
/// Parameters are kept as positions in the link's text and decoded when read, so matching does
/// not build strings nobody asks for. Read them by name (`match["storyId"]`), typed
/// (`match.int("transactionId")`, `match.uuid("pageId")`) or all at once into a `Decodable`
/// type (``decode(_:)``). Path parameters come first, then the route's declared query items.
public struct RouteMatch: Sendable, Hashable {
    /// The route's name.
    public let route: String
    /// The pattern that matched, as written.
    public let pattern: String
    /// How the link reached the app.
    public let source: DeepLink.Source
    /// The route's barriers, in declaration order.
    public let barriers: [String]
    /// The link that was routed (for an App Link, its target URL when that was routed).
    public var url: URL {
        switch link {
        case .url(let url): return url
        case .text(let text):
            // The table matched this text only because `VerbatimURLText` accepts it, which means
            // `URL(string:)` takes it as written; the tests pin that promise.
            guard let url = URL(string: text) else { preconditionFailure("a verbatim URL text did not parse: \(text)") }
            return url
        }
    }
    /// The App Links payload the link arrived with.
    public let appLink: AppLinkData?
    let storage: Storage
    let link: Link

    /// The routed link: a `URL`, or text that `URL(string:)` takes as written (parsed when read).
    enum Link: Sendable {
        case url(URL)
        case text(String)
    }

    enum Storage: Sendable {
        case captured(text: String, names: [String], captures: CaptureList)
        case values(names: [String], values: [String])
    }

    init(
        route: String, pattern: String, source: DeepLink.Source, barriers: [String], link: Link, appLink: AppLinkData?,
        storage: Storage
    ) {
        self.route = route
        self.pattern = pattern
        self.source = source
        self.barriers = barriers
        self.link = link
        self.appLink = appLink
        self.storage = storage
    }

    /// A match made outside a route table (by a plugin), with its parameters given.
    public init(
        route: String, pattern: String, source: DeepLink.Source, url: URL,
        parameters: [(name: String, value: String)] = [], barriers: [String] = [], appLink: AppLinkData? = nil
    ) {
        self.init(
            route: route, pattern: pattern, source: source, barriers: barriers, link: .url(url), appLink: appLink,
            storage: .values(names: parameters.map(\.name), values: parameters.map(\.value))
        )
    }

    /// The app that sent the link, for a "back to …" control (App Links only).
    public var referer: AppLinkData.Referer? { appLink?.referer }

    /// The names of the captured parameters, in order: path parameters, then query items. An
    /// optional segment or optional query item that was absent is not listed.
    public var parameterNames: [String] {
        switch storage {
        case .captured(_, let names, let captures): (0..<captures.count).map { names[Int(captures[$0].name)] }
        case .values(let names, _): names
        }
    }

    /// The percent-decoded value of parameter `name`.
    public subscript(name: String) -> String? {
        switch storage {
        case .captured(let text, let names, let captures):
            for index in 0..<captures.count where names[Int(captures[index].name)] == name {
                return RouteMatch.decode(captures[index], in: text)
            }
            return nil
        case .values(let names, let values):
            return names.firstIndex(of: name).map { values[$0] }
        }
    }

    /// Every parameter by name.
    public var parameters: [String: String] {
        Dictionary(orderedParameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every parameter in order.
    public var orderedParameters: [(name: String, value: String)] {
        switch storage {
        case .captured(let text, let names, let captures):
            // One walk over the captures; a name captured twice reads its first value, as
            // `self[name]` does.
            var result: [(name: String, value: String)] = []
            result.reserveCapacity(captures.count)
            text.withUTF8Buffer { bytes in
                for index in 0..<captures.count {
                    let name = names[Int(captures[index].name)]
                    var first = index
                    for earlier in 0..<index where names[Int(captures[earlier].name)] == name {
                        first = earlier
                        break
                    }
                    let capture = captures[first]
                    // Escapes were checked when the link was matched, so decoding cannot fail here.
                    let value = QueryScanner.decoded(bytes, Int(capture.start)..<Int(capture.end)) ?? ""
                    result.append((name, value))
                }
            }
            return result
        case .values:
            return parameterNames.compactMap { name in self[name].map { (name, $0) } }
        }
    }

    /// The parameter as an integer, when it is one.
    public func int(_ name: String) -> Int? {
        self[name].flatMap { Int($0) }
    }

    /// The parameter as a UUID, when it is one.
    public func uuid(_ name: String) -> UUID? {
        self[name].flatMap { UUID(uuidString: $0) }
    }

    /// Decodes the parameters into `type`, whose properties are named like the parameters;
    /// `String`, integer, floating-point, `Bool` and `UUID` properties and optionals of them are
    /// read from the text.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try T(from: ParameterDecoder(values: parameters))
    }

    static func decode(_ capture: Capture, in text: String) -> String {
        text.withUTF8Buffer { bytes in
            // Escapes were checked when the link was matched, so decoding cannot fail here.
            QueryScanner.decoded(bytes, Int(capture.start)..<Int(capture.end)) ?? ""
        }
    }

    /// Whether two matches are of the same route, pattern, source, barriers, URL and App Links payload
    /// with the same parameter values in the same order.
    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.route == rhs.route && lhs.pattern == rhs.pattern && lhs.source == rhs.source && lhs.barriers == rhs.barriers
            && lhs.url == rhs.url && lhs.appLink == rhs.appLink && lhs.parameterNames == rhs.parameterNames
            && lhs.parameters == rhs.parameters
    }

    /// Hashes the route, pattern, URL and parameters, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(pattern)
        hasher.combine(url)
        hasher.combine(parameters)
    }
}
