import Crypto
import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Firebase Dynamic Links' REST call, `POST /v1/shortLinks?key=<API key>`, on a tenant's domain,
/// so that a backend that made links with FDL changes only its host.
///
/// The body is FDL's: `longDynamicLink`, or `dynamicLinkInfo` (mapped field by field onto the
/// long-link parameter names, then read by ``FirebaseLinkParameters`` like an imported row), and
/// `suffix.option` `SHORT` or `UNGUESSABLE`. The link is made by ``LinkCreator``, the code path of
/// `POST /api/v1/links`, with every check it makes. The answer is FDL's
/// `{"shortLink", "previewLink", "warning"}`; errors are FDL's
/// `{"error": {"code", "message", "status"}}`.
///
/// The slug is derived from the request (a hash of the tenant, the domain, every parameter and
/// the suffix option), so the same long link asked twice gives the same short link without a
/// lookup table: `SHORT` takes the shortest prefix of the hash (4 characters or more) that is free
/// or already this link, `UNGUESSABLE` (FDL's default) 17 characters.
struct FirebaseShortLinksAPI: Sendable {
    let tenants: TenantDirectory
    let store: CachingLinkStore
    /// Keys are held to their API budget (``LinkServiceConfiguration/apiRateLimit``).
    let apiLimiter: RateLimiter
    let publicLimit: PublicRateLimit
    let maxBodySize: Int
    let logger: Logger

    /// FDL's answers say their charset.
    static let contentType = "application/json; charset=UTF-8"
    static let shortLength = 4
    static let unguessableLength = 17
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// `dynamicLinkInfo` members and the long-link parameter each one stands for.
    static let infoFields: [(path: [String], parameter: String)] = [
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

    func register(on router: Hummingbird.Router<LinkRequestContext>) {
        router.group()
            .add(middleware: FirebaseAPIErrorMiddleware(logger: logger))
            .add(
                middleware: FirebaseKeyAuthenticator(
                    tenants: tenants, store: store, limiter: apiLimiter, publicLimit: publicLimit)
            )
            .group(context: APIRequestContext.self)
            .post("/v1/shortLinks") { request, context in try await create(request, tenant: context.tenant) }
    }

    private func create(_ request: Request, tenant: Tenant) async throws -> Response {
        let bytes: ByteBuffer
        do {
            bytes = try await request.collectBody(upTo: maxBodySize)
        } catch let problem as Problem where problem.status == .contentTooLarge {
            throw FirebaseAPIError(.contentTooLarge, "The request body is larger than \(maxBodySize) bytes.")
        }
        let body: JSONNode
        do {
            body = try JSONParser(maximumDepth: 16).parse(bytes.readableBytesView)
        } catch {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. \(error)")
        }
        let parsed = try Self.parse(body, tenant: tenant)
        var warnings = parsed.parameters.warnings(for: tenant.manifest)
        for name in parsed.parameters.unknownNames {
            warnings.append(
                FirebaseWarning(
                    code: "UNRECOGNIZED_PARAM", parameter: name,
                    message: "Unrecognized param '\(name)': Wayfinder ignores it."))
        }
        let content = parsed.parameters.content
        let link = try await make(
            content: content, domain: parsed.domain, unguessable: parsed.unguessable, tenant: tenant)
        let shortLink = parsed.prefix + "/" + link.slug
        var members: [JSONNode.Member] = [
            .init(key: "shortLink", value: JSONNode(.string(shortLink))),
            .init(key: "previewLink", value: JSONNode(.string(shortLink + "?d=1"))),
        ]
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
        return .json(JSONNode(.object(members)), contentType: Self.contentType)
    }

    /// Creates the link through ``LinkCreator`` under the slug derived from its content.
    private func make(content: LinkContent, domain: String, unguessable: Bool, tenant: Tenant) async throws -> Link {
        let digest = Self.digest(content: content, domain: domain, tenant: tenant.id, unguessable: unguessable)
        let lengths = unguessable ? [Self.unguessableLength] : Array(Self.shortLength...12)
        let creator = LinkCreator(store: store)
        for length in lengths {
            let slug = String(decoding: digest.prefix(length), as: UTF8.self)
            guard SlugRules.problem(with: slug) == nil else { continue }
            let request = LinkRequest(slug: slug, domain: domain, unguessable: false, content: content)
            do {
                switch try await creator.create(request, for: tenant) {
                case .created(let link), .existing(let link):
                    return link
                }
            } catch let problem as Problem where problem.code == "slug-taken" {
                continue
            } catch let problem as Problem {
                throw FirebaseAPIError(problem)
            }
        }
        throw FirebaseAPIError(.serviceUnavailable, "No free short link suffix was found; retry with UNGUESSABLE.")
    }

    /// 62-character-alphabet text from SHA-256 of the normalized request.
    static func digest(content: LinkContent, domain: String, tenant: String, unguessable: Bool) -> [UInt8] {
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

    struct Parsed {
        var parameters: FirebaseLinkParameters
        /// `https://domain` or `https://domain/prefix`, as the short link is written.
        var prefix: String
        var domain: String
        var unguessable: Bool
    }

    static func parse(_ body: JSONNode, tenant: Tenant) throws(FirebaseAPIError) -> Parsed {
        guard let members = body.objectValue else {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. The body must be an object.")
        }
        for member in members where !["longDynamicLink", "dynamicLinkInfo", "suffix"].contains(member.key) {
            throw FirebaseAPIError(.badRequest, "Invalid JSON payload received. Unknown name \"\(member.key)\".")
        }
        // As FDL: without an option (or with OPTION_UNSPECIFIED) the suffix is unguessable.
        var unguessable = true
        if let suffix = body["suffix"], let option = suffix["option"] {
            guard let text = option.stringValue, ["SHORT", "UNGUESSABLE", "OPTION_UNSPECIFIED"].contains(text) else {
                throw FirebaseAPIError(.badRequest, "suffix.option must be \"SHORT\" or \"UNGUESSABLE\".")
            }
            unguessable = text != "SHORT"
        }
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
                unguessable: unguessable)
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
                parameters: FirebaseLinkParameters(values), prefix: prefix, domain: domain, unguessable: unguessable)
        case (nil, nil):
            throw FirebaseAPIError(.badRequest, "Send longDynamicLink or dynamicLinkInfo.")
        case (.some, .some):
            throw FirebaseAPIError(.badRequest, "Send longDynamicLink or dynamicLinkInfo, not both.")
        }
    }

    /// The dotted paths of the members of `node` that are not objects.
    static func leafPaths(of node: JSONNode, under path: String = "") -> [String] {
        if node.value == .null { return [] }
        guard let members = node.objectValue else { return [path] }
        return members.flatMap { member in
            leafPaths(of: member.value, under: path.isEmpty ? member.key : path + "." + member.key)
        }
    }

    /// `text` as a URL prefix of the tenant: one of its domains, at the root or under a declared
    /// link path prefix, without a trailing `/`.
    static func domainPrefix(_ text: String, tenant: Tenant) throws(FirebaseAPIError) -> String {
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

/// An error in FDL's shape: `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT"}}`.
struct FirebaseAPIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A problem of the shared link checks, naming the FDL parameter at fault.
    init(_ problem: Problem) {
        let parameter = FirebaseLinkParameters.parameter(forField: problem.field)
        self.init(problem.status, parameter.map { "\($0): \(problem.detail)" } ?? problem.detail)
    }

    /// Google's status word for an HTTP status.
    var statusWord: String {
        switch status.code {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 409: "ALREADY_EXISTS"
        case 413: "INVALID_ARGUMENT"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: "INTERNAL"
        }
    }

    func response(retryAfter: Int? = nil) -> Response {
        let node = JSONNode.object([
            "error": JSONNode.object([
                "code": JSONNode(.number(String(status.code))), "message": JSONNode(.string(message)),
                "status": JSONNode(.string(statusWord)),
            ])
        ])
        var headers: HTTPFields = [:]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return .json(node, status: status, contentType: FirebaseShortLinksAPI.contentType, headers: headers)
    }
}
