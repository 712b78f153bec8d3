import Crypto
import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging
import NIOCore

/// Firebase Dynamic Links' REST call, `POST /v1/shortLinks?key=<API key>`, on a tenant's domain,
/// so that a backend that made links with FDL changes only its host.
///
/// The body is FDL's: `longDynamicLink`, or `dynamicLinkInfo` (mapped field by field onto the
/// long-link parameter names, then read by `FirebaseLinkParameters` like an imported row), and
/// `suffix.option` `SHORT` or `UNGUESSABLE`. The link is made by ``LinkCreator``, the code path of
/// `POST /api/v1/links`, with every check it makes. The answer is FDL's
/// `{"shortLink", "previewLink", "warning"}`; errors are FDL's
/// `{"error": {"code", "message", "status"}}`.
///
/// The slug is derived from the request (a hash of the tenant, the domain, every parameter and
/// the suffix option), so the same long link asked twice gives the same short link without a
/// lookup table: `SHORT` takes the shortest prefix of the hash (4 characters or more) that is free
/// or already this link, `UNGUESSABLE` (FDL's default) 17 characters.
package struct FirebaseShortLinksAPI: Sendable {
    /// What every FDL call checks first (key, budget) and how its errors are answered.
    package let gate: FirebaseAPIGate
    /// Where `linkStats` reads its counts.
    package let stats: StatsReader

    /// An API over the dependencies of its ``FirebaseAPIGate``, reading stats from `stats`.
    package init(
        tenants: TenantDirectory, store: CachingLinkStore, authenticator: APIKeyAuthenticator,
        publicLimit: PublicRateLimit,
        maxBodySize: Int, clock: ServiceClock, logger: Logger, stats: StatsReader
    ) {
        self.stats = stats
        gate = FirebaseAPIGate(
            tenants: tenants, store: store, authenticator: authenticator, publicLimit: publicLimit,
            maxBodySize: maxBodySize,
            clock: clock, logger: logger)
    }

    /// FDL's answers say their charset.
    package static let contentType = "application/json; charset=UTF-8"
    package static let shortLength = 4
    package static let unguessableLength = 17
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// `dynamicLinkInfo` members and the long-link parameter each one stands for.
    package static let infoFields: [(path: [String], parameter: String)] = [
        (["link"], "link"),
        (["androidInfo", "androidPackageName"], "apn"),
        (["androidInfo", "androidFallbackLink"], "afl"),
        (["androidInfo", "androidMinPackageVersionCode"], "amv"),
        (["iosInfo", "iosBundleId"], "ibi"),
        (["iosInfo", "iosFallbackLink"], "ifl"),
        (["iosInfo", "iosCustomScheme"], "ius"),
        (["iosInfo", "iosIpadFallbackLink"], "ipfl"),
        (["iosInfo", "iosIpadBundleId"], "ipbi"),
        (["iosInfo", "iosAppStoreId"], "isi"),
        (["iosInfo", "iosMinimumVersion"], "imv"),
        (["navigationInfo", "enableForcedRedirect"], "efr"),
        (["analyticsInfo", "googlePlayAnalytics", "utmSource"], "utm_source"),
        (["analyticsInfo", "googlePlayAnalytics", "utmMedium"], "utm_medium"),
        (["analyticsInfo", "googlePlayAnalytics", "utmCampaign"], "utm_campaign"),
        (["analyticsInfo", "googlePlayAnalytics", "utmTerm"], "utm_term"),
        (["analyticsInfo", "googlePlayAnalytics", "utmContent"], "utm_content"),
        (["analyticsInfo", "googlePlayAnalytics", "gclid"], "gclid"),
        (["analyticsInfo", "itunesConnectAnalytics", "at"], "at"),
        (["analyticsInfo", "itunesConnectAnalytics", "ct"], "ct"),
        (["analyticsInfo", "itunesConnectAnalytics", "mt"], "mt"),
        (["analyticsInfo", "itunesConnectAnalytics", "pt"], "pt"),
        (["socialMetaTagInfo", "socialTitle"], "st"),
        (["socialMetaTagInfo", "socialDescription"], "sd"),
        (["socialMetaTagInfo", "socialImageLink"], "si"),
        (["otherPlatformInfo", "fallbackUrl"], "ofl"),
    ]

    /// Registers every method of FDL's discovery document (`firebasedynamiclinks` v1): the two
    /// creation calls here, ``FirebaseLinkStatsAPI`` and ``FirebaseAttributionAPI``.
    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let calls = router.group()
            .add(middleware: FirebaseAPIErrorMiddleware(logger: gate.logger))
            .add(
                middleware: FirebaseKeyMiddleware(
                    tenants: gate.tenants, authenticator: gate.authenticator, publicLimit: gate.publicLimit)
            )
        // FDL's calls create links to any URL: a key needs links:write (an app key is refused).
        let creating = calls.requiring(.createLinks)
        creating.post("/v1/shortLinks") { request, context in
            try await create(request, tenant: context.tenant, managed: false)
        }
        creating.post("/v1/managedShortLinks:create") { request, context in
            try await create(request, tenant: context.tenant, managed: true)
        }
        FirebaseLinkStatsAPI(gate: gate, stats: stats).register(on: calls.requiring(.readStats))
        // Refused as not offered (501) to a key that could read links; an app key learns first
        // that its scope is not enough.
        FirebaseAttributionAPI().register(on: calls.requiring(.readLinks))
    }

    /// `shortLinks` answers `{"shortLink", "previewLink", "warning"}`; `managedShortLinks:create`
    /// (`managed`) also takes a `name`, kept with the link, and answers
    /// `{"managedShortLink": {"link", "linkName", "creationTime", "info"}, "previewLink", "warning"}`.
    private func create(_ request: Request, tenant: Tenant, managed: Bool) async throws -> Response {
        let body = try await gate.body(of: request)
        let parsed = try Self.parse(body, tenant: tenant, managed: managed)
        var warnings = parsed.parameters.warnings(for: tenant.manifest)
        for name in parsed.parameters.unknownNames {
            warnings.append(
                FirebaseWarning(
                    code: "UNRECOGNIZED_PARAM", parameter: name,
                    message: "Unrecognized param '\(name)': Wayfinder ignores it."))
        }
        var content = parsed.parameters.content
        if let name = parsed.name {
            content.firebase = content.firebase ?? FirebaseParameters()
            content.firebase?.linkName = name
        }
        let link = try await make(content: content, parsed: parsed, tenant: tenant)
        let shortLink = parsed.prefix + "/" + link.slug
        var members: [JSONNode.Member] = []
        if managed {
            members.append(
                .init(
                    key: "managedShortLink",
                    value: .object([
                        "link": JSONNode(.string(shortLink)),
                        "linkName": JSONNode(.string(link.content.firebase?.linkName ?? parsed.name ?? "")),
                        "creationTime": JSONNode(.string(ISO8601.string(from: link.createdAt))),
                        "info": Self.info(of: parsed),
                    ])))
        } else {
            members.append(.init(key: "shortLink", value: JSONNode(.string(shortLink))))
        }
        members.append(.init(key: "previewLink", value: JSONNode(.string(shortLink + "?d=1"))))
        if !warnings.isEmpty {
            members.append(
                .init(
                    key: "warning",
                    value: JSONNode(
                        .array(
                            warnings.map {
                                JSONNode.object([
                                    "warningCode": JSONNode(.string($0.code)),
                                    "warningMessage": JSONNode(.string($0.message)),
                                ])
                            }))))
        }
        return .json(JSONNode(.object(members)), contentType: FirebaseShortLinksAPI.contentType)
    }

    /// FDL's `DynamicLinkInfo` of the link made: the prefix and every parameter Wayfinder read,
    /// under the members of `dynamicLinkInfo` they stand for.
    package static func info(of parsed: Parsed) -> JSONNode {
        var info: [JSONNode.Member] = [.init(key: "domainUriPrefix", value: JSONNode(.string(parsed.prefix)))]
        for field in infoFields {
            guard let value = parsed.parameters.values[field.parameter] else { continue }
            let leaf: JSONNode
            switch field.parameter {
            case "efr": leaf = JSONNode(.bool(FirebaseLinkParameters.isTrue(value)))
            default: leaf = JSONNode(.string(value))
            }
            info = inserting(leaf, at: field.path[...], into: info)
        }
        return JSONNode(.object(info))
    }

    /// `members` with `value` set at `path`, creating the objects on the way.
    private static func inserting(
        _ value: JSONNode, at path: ArraySlice<String>, into members: [JSONNode.Member]
    ) -> [JSONNode.Member] {
        guard let key = path.first else { return members }
        var members = members
        let rest = path.dropFirst()
        if rest.isEmpty {
            members.append(.init(key: key, value: value))
        } else if let index = members.firstIndex(where: { $0.key == key }) {
            let inner = inserting(value, at: rest, into: members[index].value.objectValue ?? [])
            members[index] = .init(key: key, value: JSONNode(.object(inner)))
        } else {
            members.append(.init(key: key, value: JSONNode(.object(inserting(value, at: rest, into: [])))))
        }
        return members
    }

    /// Creates the link through ``LinkCreator`` under the slug derived from its content (and
    /// name), or under the request's custom suffix.
    private func make(content: LinkContent, parsed: Parsed, tenant: Tenant) async throws -> Link {
        let slugs: [String]
        switch parsed.suffix {
        case .custom(let slug):
            slugs = [slug]
        case .short, .unguessable:
            let digest = Self.digest(
                content: content, domain: parsed.domain, tenant: tenant.id, unguessable: parsed.suffix == .unguessable)
            let lengths = parsed.suffix == .unguessable ? [Self.unguessableLength] : Array(Self.shortLength...12)
            slugs = lengths.map { String(decoding: digest.prefix($0), as: UTF8.self) }
                .filter { SlugRules.problem(with: $0) == nil }
        }
        let creator = LinkCreator(store: gate.store, clock: gate.clock)
        for slug in slugs {
            let request = LinkRequest(slug: slug, domain: parsed.domain, unguessable: false, content: content)
            do {
                switch try await creator.create(request, for: tenant) {
                case .created(let link), .existing(let link):
                    return link
                }
            } catch let problem as Problem where problem.code == .slugTaken {
                if case .custom = parsed.suffix {
                    throw FirebaseAPIError(
                        .conflict, "suffix.customSuffix \"\(slug)\" is taken by another link; choose another suffix.")
                }
                continue
            } catch let problem as Problem {
                throw FirebaseAPIError(problem)
            }
        }
        throw FirebaseAPIError(.serviceUnavailable, "No free short link suffix was found; retry with UNGUESSABLE.")
    }

    /// 62-character-alphabet text from SHA-256 of the normalized request.
    package static func digest(content: LinkContent, domain: String, tenant: String, unguessable: Bool) -> [UInt8] {
        var hasher = SHA256()
        func add(_ text: String?) {
            hasher.update(data: Array((text ?? "\u{0}").utf8))
            hasher.update(data: [0x1F])
        }
        add(tenant)
        add(domain)
        add(unguessable ? "UNGUESSABLE" : "SHORT")
        add(content.destination)
        add(content.social?.title)
        add(content.social?.description)
        add(content.social?.imageURL)
        add(content.fallbacks.ios)
        add(content.fallbacks.android)
        add(content.fallbacks.desktop)
        add(content.skipPreview ? "1" : "0")
        for name in UTMParameters.names { add(content.utm[name]) }
        add(content.firebase?.storedText)
        var output: [UInt8] = []
        var round: UInt8 = 0
        while output.count < 32 {
            var more = hasher
            more.update(data: [round])
            for byte in more.finalize() where byte < 248 {
                output.append(alphabet[Int(byte) % alphabet.count])
            }
            round += 1
        }
        return output
    }

    // MARK: Request

    /// How the short link's path is chosen (`suffix.option`).
    package enum Suffix: Hashable {
        /// The shortest free prefix of the request's hash, 4 characters or more.
        case short
        /// 17 characters of the request's hash (FDL's default).
        case unguessable
        /// `CUSTOM`: the request's `suffix.customSuffix`, for managed short links only (as FDL).
        case custom(String)
    }

    package struct Parsed {
        package var parameters: FirebaseLinkParameters
        /// `https://domain` or `https://domain/prefix`, as the short link is written.
        package var prefix: String
        package var domain: String
        package var suffix: Suffix
        /// The managed short link's `name`.
        package var name: String?
    }

    /// The longest `name` of a managed short link, in characters.
    package static let maximumNameLength = 256

    package static func parse(_ body: JSONNode, tenant: Tenant, managed: Bool = false) throws(FirebaseAPIError)
        -> Parsed
    {
        guard let members = body.objectValue else {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. The body must be an object.")
        }
        let allowed = ["longDynamicLink", "dynamicLinkInfo", "suffix", "sdkVersion"] + (managed ? ["name"] : [])
        for member in members where !allowed.contains(member.key) {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. Unknown name \"\(member.key)\".")
        }
        let suffix = try Self.suffix(of: body, managed: managed)
        let name = managed ? try Self.name(of: body) : nil
        var parsed = try Self.link(of: body, tenant: tenant)
        parsed.suffix = suffix
        parsed.name = name
        return parsed
    }

    /// `suffix.option` (and `suffix.customSuffix`). As FDL: without an option (or with
    /// `OPTION_UNSPECIFIED`) the suffix is unguessable.
    private static func suffix(of body: JSONNode, managed: Bool) throws(FirebaseAPIError) -> Suffix {
        guard let suffix = body["suffix"], suffix.value != .null else { return .unguessable }
        let option = suffix["option"]?.stringValue ?? "OPTION_UNSPECIFIED"
        if suffix["option"].map({ $0.stringValue == nil && $0.value != .null }) == true {
            throw FirebaseAPIError(.badRequest, "suffix.option must be \"SHORT\" or \"UNGUESSABLE\".")
        }
        switch option {
        case "SHORT": return .short
        case "UNGUESSABLE", "OPTION_UNSPECIFIED": return .unguessable
        case "CUSTOM" where managed:
            guard let custom = suffix["customSuffix"]?.stringValue else {
                throw FirebaseAPIError(.badRequest, "suffix.customSuffix is required with suffix.option \"CUSTOM\".")
            }
            if let problem = SlugRules.problem(with: custom) {
                throw FirebaseAPIError(.badRequest, "suffix.customSuffix: \(problem)")
            }
            return .custom(custom)
        case "CUSTOM":
            throw FirebaseAPIError(
                .badRequest,
                "suffix.option \"CUSTOM\" is for managedShortLinks:create; use \"SHORT\" or \"UNGUESSABLE\".")
        default:
            throw FirebaseAPIError(.badRequest, "suffix.option must be \"SHORT\" or \"UNGUESSABLE\".")
        }
    }

    /// A managed short link's `name`: required, 1 to ``maximumNameLength`` characters, no control
    /// characters.
    private static func name(of body: JSONNode) throws(FirebaseAPIError) -> String {
        guard let node = body["name"], node.value != .null else {
            throw FirebaseAPIError(
                .badRequest, "name is required: the link's name in the console, such as \"Spring sale\".")
        }
        guard let name = node.stringValue else {
            throw FirebaseAPIError(.badRequest, "name must be a string, not \(node.kindDescription).")
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= maximumNameLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw FirebaseAPIError(
                .badRequest,
                "name must be 1 to \(maximumNameLength) characters without control characters, not \"\(name.prefix(40))\"."
            )
        }
        return trimmed
    }

    /// The link of `longDynamicLink` or `dynamicLinkInfo`.
    private static func link(of body: JSONNode, tenant: Tenant) throws(FirebaseAPIError) -> Parsed {
        switch (body["longDynamicLink"], body["dynamicLinkInfo"]) {
        case (let long?, nil):
            guard let text = long.stringValue, let url = WebURL(http: text)
            else {
                throw FirebaseAPIError(
                    .badRequest, "longDynamicLink is not a URL: \(long.stringValue ?? long.kindDescription).")
            }
            let path = url.path.isEmpty ? "/" : url.path
            let prefixPath = path == "/" ? "" : path.hasSuffix("/") ? String(path.dropLast()) : path
            let prefix = try Self.domainPrefix("\(url.scheme)://\(url.host)\(prefixPath)", tenant: tenant)
            return Parsed(
                parameters: FirebaseLinkParameters(query: url.query ?? ""), prefix: prefix, domain: url.host,
                suffix: .unguessable)
        case (nil, let info?):
            guard info.objectValue != nil else {
                throw FirebaseAPIError(.badRequest, "dynamicLinkInfo must be an object.")
            }
            guard let prefixText = info["domainUriPrefix"]?.stringValue else {
                throw FirebaseAPIError(
                    .badRequest,
                    "dynamicLinkInfo.domainUriPrefix is required, such as \"https://\(tenant.defaultDomain)\".")
            }
            let prefix = try Self.domainPrefix(prefixText, tenant: tenant)
            let known = Set(infoFields.map { $0.path.joined(separator: ".") } + ["domainUriPrefix"])
            if let unknown = Self.leafPaths(of: info).first(where: { !known.contains($0) }) {
                throw FirebaseAPIError(
                    .badRequest, "Invalid JSON payload received. Unknown name \"\(unknown)\" in dynamicLinkInfo.")
            }
            var values: [String: String] = [:]
            for field in infoFields {
                var node: JSONNode? = info
                for key in field.path { node = node?[key] }
                guard let node, node.value != .null else { continue }
                if let string = node.stringValue {
                    values[field.parameter] = string
                } else if let bool = node.boolValue {
                    values[field.parameter] = bool ? "1" : "0"
                } else if case .number(let number) = node.value {
                    values[field.parameter] = number
                } else {
                    throw FirebaseAPIError(
                        .badRequest,
                        "dynamicLinkInfo.\(field.path.joined(separator: ".")) must be a string, not \(node.kindDescription)."
                    )
                }
            }
            let domain = WebURL(prefix)?.host ?? tenant.defaultDomain
            return Parsed(
                parameters: FirebaseLinkParameters(values), prefix: prefix, domain: domain, suffix: .unguessable)
        case (nil, nil):
            throw FirebaseAPIError(.badRequest, "Send longDynamicLink or dynamicLinkInfo.")
        case (.some, .some):
            throw FirebaseAPIError(.badRequest, "Send longDynamicLink or dynamicLinkInfo, not both.")
        }
    }

    /// The dotted paths of the members of `node` that are not objects.
    package static func leafPaths(of node: JSONNode, under path: String = "") -> [String] {
        if node.value == .null { return [] }
        guard let members = node.objectValue else { return [path] }
        return members.flatMap { member in
            leafPaths(of: member.value, under: path.isEmpty ? member.key : path + "." + member.key)
        }
    }

    /// `text` as a URL prefix of the tenant: one of its domains, at the root or under a declared
    /// link path prefix, without a trailing `/`.
    package static func domainPrefix(_ text: String, tenant: Tenant) throws(FirebaseAPIError) -> String {
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = WebURL(http: trimmed), url.query == nil,
            tenant.domains.contains(url.host)
        else {
            throw FirebaseAPIError(
                .badRequest,
                "Your project does not own Dynamic Links domain: \(text). Use one of: \(tenant.manifest.domains.map { "https://" + $0 }.joined(separator: ", "))."
            )
        }
        let path = url.path
        guard path.isEmpty || (tenant.manifest.linkPathPrefixes[url.host] ?? []).contains(path) else {
            throw FirebaseAPIError(
                .badRequest,
                "Your project does not own Dynamic Links domain: \(text). The path \(path) is not a link path prefix of \(url.host); declare it in the manifest's \"linkPathPrefixes\"."
            )
        }
        return "https://\(url.host)\(path)"
    }
}
