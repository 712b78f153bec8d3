import DeepLinkRouting

/// An Android `assetlinks.json`: a list of Digital Asset Links statements.
///
/// Read one leniently with ``decode(_:)`` (a broken statement is reported and the rest kept) and
/// write it with ``jsonText(style:)``.
public struct AssetLinks: Sendable, Hashable {
    /// The statements, in file order.
    public var statements: [Statement]

    /// A file of these statements.
    public init(statements: [Statement]) {
        self.statements = statements
    }

    /// The relation that lets an app open the site's links (App Links).
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// The relation that shares sign-in credentials between the site and the app.
    public static let getLoginCredentials = "delegate_permission/common.get_login_creds"

    /// One statement: relations granted to a target.
    public struct Statement: Sendable, Hashable {
        /// The relations granted, such as ``AssetLinks/handleAllURLs``.
        public var relation: [String]
        /// Who the relations are granted to.
        public var target: Target
        /// Android 15 dynamic App Links rules for `handle_all_urls`, in order; `nil` when the
        /// statement carries none (the app's intent filters alone decide).
        public var dynamicRules: [DynamicRule]?

        /// A statement granting `relation` to `target`, with Android 15's dynamic rules when given.
        public init(relation: [String], target: Target, dynamicRules: [DynamicRule]? = nil) {
            self.relation = relation
            self.target = target
            self.dynamicRules = dynamicRules
        }
    }

    /// Who the relations are granted to.
    public enum Target: Sendable, Hashable {
        /// `{"namespace": "android_app", "package_name": …, "sha256_cert_fingerprints": […]}`
        case androidApp(packageName: String, sha256CertFingerprints: [String])
        /// `{"namespace": "web", "site": …}`
        case web(site: String)
    }

    package var jsonNode: JSONNode {
        JSONNode(
            .array(
                statements.map { statement in
                    let target: JSONNode
                    switch statement.target {
                    case .androidApp(let package, let fingerprints):
                        target = .object([
                            "namespace": "android_app", "package_name": JSONNode(.string(package)),
                            "sha256_cert_fingerprints": JSONNode(.array(fingerprints.map { JSONNode(.string($0)) })),
                        ])
                    case .web(let site):
                        target = .object(["namespace": "web", "site": JSONNode(.string(site))])
                    }
                    var members: [JSONNode.Member] = [
                        .init(
                            key: "relation", value: JSONNode(.array(statement.relation.map { JSONNode(.string($0)) }))),
                        .init(key: "target", value: target),
                    ]
                    if let rules = statement.dynamicRules {
                        let list = JSONNode.object([
                            AssetLinks.handleAllURLs: .object([
                                AssetLinks.dynamicRulesKey: JSONNode(.array(rules.map(\.jsonNode)))
                            ])
                        ])
                        members.append(.init(key: "relation_extensions", value: list))
                    }
                    return JSONNode(.object(members))
                }))
    }

    /// The file as JSON text, ready to serve at `/.well-known/assetlinks.json`.
    public func jsonText(style: JSONWritingStyle = .pretty) -> String {
        jsonNode.jsonText(style: style)
    }

    /// The outcome of reading an assetlinks.json: the readable statements and every diagnostic.
    public struct Decoded: Sendable {
        /// The statements that could be read; `nil` when the text is not JSON or not an array.
        public let assetLinks: AssetLinks?
        /// Every problem found, in document order.
        public let diagnostics: [Diagnostic]
        /// Why Android's statement service cannot read the file at all, or `nil`. Such a file
        /// verifies no app on the domain: no URL opens any app.
        public var androidRejection: String? = nil
    }

    /// Reads an assetlinks.json leniently, checking every statement.
    public static func decode(_ bytes: some Collection<UInt8>) -> Decoded {
        var collector = DiagnosticCollector()
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: AASAFile.maximumDepth).parse(bytes)
        } catch {
            collector.error("invalid-json", .root, "not valid JSON at \(error.location): \(error.message)")
            return Decoded(assetLinks: nil, diagnostics: collector.diagnostics)
        }
        guard let elements = node.arrayValue else {
            collector.error(
                "assetlinks-not-array", .root,
                "assetlinks.json must be an array of statements, found \(node.kindDescription)",
                hint: "wrap the statement in [ … ]", at: node)
            return Decoded(assetLinks: nil, diagnostics: collector.diagnostics)
        }
        var statements: [Statement] = []
        for (index, element) in elements.enumerated() {
            if let statement = readStatement(element, at: JSONPath.root.appending(index), collector: &collector) {
                statements.append(statement)
            }
        }
        let rejection = AndroidJSON.rejection(of: node)
        if let rejection {
            collector.error(
                "unreadable-on-android", .root,
                "Android's statement service cannot read this file (\(rejection)), so it verifies no app on this domain",
                hint: "use only strings, true/false, arrays and objects inside statements, and objects as dynamic rules"
            )
        }
        if !statements.contains(where: { $0.relation.contains(handleAllURLs) }) && !statements.isEmpty {
            collector.warning(
                "no-handle-all-urls", .root,
                "no statement grants \"\(handleAllURLs)\", so no app opens this site's links",
                hint: "add it to the relation of the app's statement")
        }
        return Decoded(
            assetLinks: AssetLinks(statements: statements), diagnostics: collector.diagnostics,
            androidRejection: rejection)
    }

    private static func readStatement(_ node: JSONNode, at path: JSONPath, collector: inout DiagnosticCollector)
        -> Statement?
    {
        guard
            let members = AndroidJSON.members(
                of: node, at: path, knownKeys: ["relation", "target", "relation_extensions"],
                expected: "a statement object", collector: &collector)
        else {
            return nil
        }
        guard
            let relations = collector.strings(
                "relation", in: members, at: path, required: true,
                what: "the relations granted, such as \(handleAllURLs)")
        else {
            return nil
        }
        for relation in relations where !relation.value.hasPrefix("delegate_permission/") {
            collector.warning(
                "unknown-relation", relation.path, "\"\(relation.value)\" is not a delegate_permission relation",
                hint: "App Links use \"\(handleAllURLs)\"", at: relation.node)
        }
        let grants = relations.contains { $0.value == handleAllURLs }
        let extensionsPath = path.appending("relation_extensions")
        let dynamicRules = members["relation_extensions"].flatMap {
            readDynamicRules($0, at: extensionsPath, grantsHandleAllURLs: grants, collector: &collector)
        }
        if let dynamicRules {
            DynamicRulesValidator.check(
                dynamicRules,
                at: extensionsPath.appending(handleAllURLs).appending(dynamicRulesKey), collector: &collector)
        }
        guard let targetNode = members["target"] else {
            collector.error("missing-key", path, "missing \"target\": who the relations are granted to")
            return nil
        }
        let targetPath = path.appending("target")
        guard
            let target = AndroidJSON.members(
                of: targetNode, at: targetPath,
                knownKeys: ["namespace", "package_name", "sha256_cert_fingerprints", "site"], collector: &collector)
        else {
            return nil
        }
        let namespace = collector.string(
            "namespace", in: target, at: targetPath, required: true, what: "android_app or web")
        switch namespace {
        case "android_app":
            let package = collector.string(
                "package_name", in: target, at: targetPath, required: true, what: "the application ID")
            if let package, let problem = AndroidPackageName.problem(in: package) {
                collector.error(
                    AndroidPackageName.code, targetPath.appending("package_name"),
                    AndroidPackageName.message(package, problem),
                    hint: "write the applicationId, such as com.example.app",
                    at: target["package_name"])
            }
            let fingerprints =
                collector.strings(
                    "sha256_cert_fingerprints", in: target, at: targetPath, required: true,
                    what: "SHA-256 fingerprints of the signing certificates") ?? []
            if target["sha256_cert_fingerprints"] != nil && fingerprints.isEmpty {
                collector.error(
                    "missing-fingerprints", targetPath.appending("sha256_cert_fingerprints"),
                    "no fingerprint is listed, so no build of the app is trusted",
                    hint: "with Play App Signing, list Play's app signing key fingerprint")
            }
            for fingerprint in fingerprints where !Manifest.AndroidApp.isSHA256Fingerprint(fingerprint.value) {
                collector.error(
                    "invalid-fingerprint", fingerprint.path,
                    "\"\(fingerprint.value)\" is not 32 colon-separated upper-case hex bytes",
                    hint: "copy it from `keytool -list -v` or Play Console (App integrity), e.g. 14:6D:E9:…:E5",
                    at: fingerprint.node)
            }
            guard let package else { return nil }
            return Statement(
                relation: relations.map(\.value),
                target: .androidApp(packageName: package, sha256CertFingerprints: fingerprints.map(\.value)),
                dynamicRules: dynamicRules)
        case "web":
            guard
                let site = collector.string(
                    "site", in: target, at: targetPath, required: true,
                    what: "the site's origin, such as https://example.com")
            else { return nil }
            if dynamicRules != nil {
                collector.warning(
                    "dynamic-rules-not-android-app", extensionsPath,
                    "dynamic rules only apply to an android_app target; Android ignores them here",
                    hint: "move them to the app's statement")
            }
            return Statement(relation: relations.map(\.value), target: .web(site: site))
        case let other?:
            collector.error(
                "invalid-namespace", targetPath.appending("namespace"), "\"\(other)\" is not a target namespace",
                hint: "write \"android_app\" (or \"web\")", at: target["namespace"])
            return nil
        case nil:
            return nil
        }
    }
}
