import DeepLinkRouting
import Foundation

/// The body of `POST /api/v1/links` (and, after a merge patch, of `PATCH`), parsed: every key
/// known, every value of the right type. What the values mean for a tenant (allowed hosts, routes)
/// is checked by ``LinkPolicy``.
package struct LinkRequest: Sendable, Hashable {
    package var slug: String?
    package var domain: String?
    package var unguessable: Bool
    package var content: LinkContent
    /// A new password (write-only: it is hashed into ``LinkContent/passwordHash``, never stored).
    package var password: String?

    package static let keys = [
        "destination", "slug", "domain", "social", "fallbacks", "skipPreview", "utm", "expiresAt", "unguessable",
        "expiredURL", "rules", "variants", "password", "tags",
    ]
    /// Password lengths accepted, in characters.
    package static let passwordLengths = 8...128
    package static let socialKeys = ["title", "description", "imageURL"]
    package static let fallbackKeys = ["ios", "android", "desktop"]
    /// Longest string accepted in any field.
    package static let maximumFieldLength = 4096

    /// Parses a JSON body.
    package init(body bytes: some Collection<UInt8>) throws(FieldError) {
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: 16).parse(bytes)
        } catch {
            throw FieldError.malformedJSON(error)
        }
        try self.init(node: node)
    }

    package init(node: JSONNode) throws(FieldError) {
        let members = try Self.members(of: node, at: "", known: Self.keys)
        guard let destinationNode = members["destination"], destinationNode.value != .null else {
            throw FieldError(
                "destination", "\"destination\" is required: a deep link of the app or a URL of its website",
                code: .missingField)
        }
        let destination = try Self.string(destinationNode, at: "destination")
        slug = try members["slug"].flatMap { node throws(FieldError) in try Self.optionalString(node, at: "slug") }
        domain = try members["domain"].flatMap { node throws(FieldError) in try Self.optionalString(node, at: "domain")
        }?
        .lowercased()
        unguessable =
            try members["unguessable"].map { node throws(FieldError) in try Self.bool(node, at: "unguessable") }
            ?? false
        let skipPreview =
            try members["skipPreview"].map { node throws(FieldError) in try Self.bool(node, at: "skipPreview") }
            ?? false

        var social: SocialCard? = nil
        if let node = members["social"], node.value != .null {
            let fields = try Self.members(of: node, at: "social", known: Self.socialKeys)
            let card = SocialCard(
                title: try Self.optionalString(fields["title"], at: "social.title"),
                description: try Self.optionalString(fields["description"], at: "social.description"),
                imageURL: try Self.optionalString(fields["imageURL"], at: "social.imageURL"))
            social = card.isEmpty ? nil : card
        }
        let fallbacks =
            try members["fallbacks"].map { node throws(FieldError) in
                try Self.fallbacks(node, at: "fallbacks")
            } ?? Fallbacks()
        var utm = UTMParameters()
        if let node = members["utm"], node.value != .null {
            let fields = try Self.members(of: node, at: "utm", known: UTMParameters.names)
            for name in UTMParameters.names {
                utm[name] = try Self.optionalString(fields[name], at: "utm." + name)
            }
        }
        var expiresAt: Date? = nil
        if let text = try Self.optionalString(members["expiresAt"], at: "expiresAt") {
            guard let date = ISO8601.date(from: text) else {
                throw FieldError(
                    "expiresAt", "\"\(text)\" is not an RFC 3339 time; write it like 2026-01-31T12:00:00Z")
            }
            expiresAt = date.truncatedToMilliseconds
        }
        password = try Self.optionalString(members["password"], at: "password")
        if let password, !Self.passwordLengths.contains(password.count) {
            throw FieldError(
                "password",
                "a password is \(Self.passwordLengths.lowerBound) to \(Self.passwordLengths.upperBound) characters, not \(password.count)",
                code: .invalidPassword)
        }
        let expiredURL = try Self.optionalString(members["expiredURL"], at: "expiredURL")
        let rules = try members["rules"].map { node throws(FieldError) in try RuleJSON.rules(node) } ?? []
        let variants = try members["variants"].map { node throws(FieldError) in try RuleJSON.variants(node) } ?? []
        let tags = try members["tags"].map { node throws(FieldError) in try LinkTags.tags(node) } ?? []
        content = LinkContent(
            destination: destination, social: social, fallbacks: fallbacks, skipPreview: skipPreview, utm: utm,
            expiresAt: expiresAt, expiredURL: expiredURL, rules: rules, variants: variants, tags: tags)
    }

    /// The body that would create this link's content again: the document a `PATCH` merges into.
    package static func document(of link: Link) -> JSONNode {
        // The API's own JSON of the link, without the fields the server sets: one encoder.
        JSONNode(.object(LinkJSON.node(link).objectValue?.filter { keys.contains($0.key) } ?? []))
    }

    /// An object of the string fields that are set.
    package static func stringObject(_ fields: [(String, String?)]) -> JSONNode {
        JSONNode(
            .object(fields.compactMap { key, value in value.map { .init(key: key, value: JSONNode(.string($0))) } }))
    }

    // MARK: Reading values

    package static func members(of node: JSONNode, at path: String, known: [String]) throws(FieldError) -> [String:
        JSONNode]
    {
        guard let members = node.objectValue else {
            throw FieldError(
                path.isEmpty ? "$" : path,
                "\(path.isEmpty ? "the body" : path) must be a JSON object, not \(node.kindDescription)",
                code: .wrongType)
        }
        var result: [String: JSONNode] = [:]
        for member in members {
            let field = path.isEmpty ? member.key : path + "." + member.key
            guard known.contains(member.key) else {
                let suggestion =
                    DiagnosticCollector.nearest(member.key, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
                throw FieldError(
                    field,
                    "unknown field \"\(member.key)\"\(suggestion) Known fields here: \(known.joined(separator: ", "))",
                    code: .unknownField)
            }
            guard result[member.key] == nil else {
                throw FieldError(
                    field, "the field \"\(member.key)\" is written twice", code: .duplicateField)
            }
            result[member.key] = member.value
        }
        return result
    }

    /// The fallbacks object at `path` (`null` is none).
    package static func fallbacks(_ node: JSONNode, at path: String) throws(FieldError) -> Fallbacks {
        guard node.value != .null else { return Fallbacks() }
        let fields = try members(of: node, at: path, known: fallbackKeys)
        return Fallbacks(
            ios: try optionalString(fields["ios"], at: path + ".ios"),
            android: try optionalString(fields["android"], at: path + ".android"),
            desktop: try optionalString(fields["desktop"], at: path + ".desktop"))
    }

    package static func string(_ node: JSONNode, at path: String) throws(FieldError) -> String {
        guard let string = node.stringValue else {
            throw FieldError(
                path, "\(path) must be a string, not \(node.kindDescription)", code: .wrongType)
        }
        guard string.utf8.count <= maximumFieldLength else {
            throw FieldError(path, "\(path) is longer than \(maximumFieldLength) bytes", code: .tooLong)
        }
        return string
    }

    package static func optionalString(_ node: JSONNode?, at path: String) throws(FieldError) -> String? {
        guard let node, node.value != .null else { return nil }
        return try string(node, at: path)
    }

    package static func bool(_ node: JSONNode, at path: String) throws(FieldError) -> Bool {
        if node.value == .null { return false }
        guard let bool = node.boolValue else {
            throw FieldError(
                path, "\(path) must be true or false, not \(node.kindDescription)", code: .wrongType)
        }
        return bool
    }
}
