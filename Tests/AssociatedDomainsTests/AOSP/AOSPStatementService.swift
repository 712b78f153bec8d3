import AssociatedDomains
import DeepLinkRouting

/// Test oracle: what an Android 15 device decides for a URL, from an assetlinks.json's text,
/// ported on its own from AOSP.
///
/// - JSON → `org.json` objects: StatementService `src/com/android/statementservice/retriever/JsonParser.java`
///   (the version that reads Booleans; stored copy, no fetchable repository or commit found).
/// - Statements and rules: StatementService `…/network/retriever/StatementParser.kt` and
///   `…/retriever/DynamicAppLinkComponent.java` (stored copies, same).
/// - Rules → filter groups: `StatementUtils.createUriRelativeFilterGroup` is **not in public
///   sources**; ``Reading`` names the assumptions, and the tests try each where they differ.
/// - Which statement's rules: `PeriodicUpdateWorker.kt` takes the one `statement` `verifyHost`
///   returns; assumed the first that grants `handle_all_urls` to the package.
/// - Groups → decision: `DomainVerificationService.matchUriRelativeFilterGroups` (no groups: allowed;
///   seen in decompiled Android 15 services in public code search) and
///   ``AOSPUriRelativeFilterGroup/matchGroupsToUri(_:_:)``.
/// - The URL: ``AOSPUri``; the host compared folding case with the domain the file was served for.
enum AOSPStatementService {
    /// The assumptions about the missing JSON → filter step.
    struct Reading: Hashable, CustomStringConvertible {
        /// How a JSON pattern becomes a simple glob: `*` → `.*` and `?` → `.` always; `escaped`
        /// also writes `.` as `\.` and `\` as `\\` (what Wayfinder assumes), `plain` leaves them.
        enum Spelling: Hashable { case escaped, plain }
        /// Whether a `"?"` entry's name is spelled as a glob like its value (`glob`, assumed), or
        /// kept literal (`literal`: its `*` and `\` escaped).
        enum QueryName: Hashable { case glob, literal }

        var spelling: Spelling
        var queryName: QueryName

        static let assumed = Reading(spelling: .escaped, queryName: .glob)
        static let all: [Reading] = [
            assumed, Reading(spelling: .plain, queryName: .glob), Reading(spelling: .escaped, queryName: .literal),
        ]

        var description: String { "\(spelling)/\(queryName)" }

        func glob(_ pattern: String) -> [UInt16] {
            var glob: [UInt16] = []
            for character in pattern.utf16 {
                switch Character(Unicode.Scalar(character) ?? "\u{FFFD}") {
                case "*": glob += Array(".*".utf16)
                case "?": glob += Array(".".utf16)
                case "." where spelling == .escaped: glob += Array("\\.".utf16)
                case "\\" where spelling == .escaped: glob += Array("\\\\".utf16)
                default: glob.append(character)
                }
            }
            return glob
        }

        func literal(_ text: String) -> [UInt16] {
            var glob: [UInt16] = []
            for character in text.utf16 {
                if "*.\\".utf16.contains(character) { glob += Array("\\".utf16) }
                glob.append(character)
            }
            return glob
        }
    }

    /// An `org.json` value as StatementService's `JsonParser` builds it.
    indirect enum Value {
        case string(String)
        case bool(Bool)
        case array([Value])
        /// `JSONObject` keeps one value per key (a later `put` replaces it in place).
        case object([(key: String, value: Value)])

        subscript(key: String) -> Value? {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
    }

    struct Unreadable: Error {}

    /// `JsonParser.parse`: an object's members may be strings, Booleans, arrays and objects.
    static func object(_ node: JSONNode) throws(Unreadable) -> Value {
        guard case .object(let members) = node.value else { throw Unreadable() }
        var result: [(key: String, value: Value)] = []
        for member in members {
            let value: Value
            switch member.value.value {
            case .string(let text): value = .string(text)
            case .bool(let flag): value = .bool(flag)
            case .array: value = try array(member.value)
            case .object: value = try object(member.value)
            case .null, .number: throw Unreadable()
            }
            if let index = result.firstIndex(where: { $0.key == member.key }) {
                result[index].value = value
            } else {
                result.append((member.key, value))
            }
        }
        return .object(result)
    }

    /// `JsonParser.parseArray`: elements may be strings, arrays and objects (not Booleans).
    static func array(_ node: JSONNode) throws(Unreadable) -> Value {
        guard case .array(let elements) = node.value else { throw Unreadable() }
        var result: [Value] = []
        for element in elements {
            switch element.value {
            case .string(let text): result.append(.string(text))
            case .array: result.append(try array(element))
            case .object: result.append(try object(element))
            case .null, .number, .bool: throw Unreadable()
            }
        }
        return .array(result)
    }

    /// `JSONObject.getString`: `JSON.toString` — a string, or `String.valueOf` of anything else.
    static func getString(_ value: Value) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements): return "[" + elements.map(stringified).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { quoted($0.key) + ":" + stringified($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func stringified(_ value: Value) -> String {
        if case .string(let text) = value { return quoted(text) }
        return getString(value)
    }

    /// `JSONStringer.string`.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for unit in text.unicodeScalars {
            switch unit.value {
            case 0x22, 0x5C, 0x2F: result += "\\\(unit)"
            case 0x09: result += "\\t"
            case 0x08: result += "\\b"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x0C: result += "\\f"
            case 0...0x1F:
                let hex = String(unit.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(unit)
            }
        }
        return result + "\""
    }

    /// `JSONObject.optBoolean(name, false)`.
    static func optBoolean(_ value: Value?) -> Bool {
        switch value {
        case .bool(let flag): flag
        case .string(let text): text.lowercased() == "true"
        default: false
        }
    }

    /// One `DynamicAppLinkComponent`.
    struct Component {
        var exclude: Bool
        var fragment: String?
        var path: String?
        var query: [(name: String, value: String)]?
    }

    /// `StatementParser.parseStatementList` for the package: the first statement granting
    /// `handle_all_urls` to it and its components; throws when the file cannot be read at all.
    static func components(_ text: String, package: String) throws(Unreadable) -> [Component]? {
        guard let root = try? JSONParser(maximumDepth: 64).parse(text), case .array(let elements) = root.value else {
            throw Unreadable()
        }
        var statements: [Value] = []
        for element in elements { statements.append(try object(element)) }
        var found: [Component]?
        for statement in statements {
            // A delegate (`include`) is not a statement.
            if case .string(let include)? = statement["include"], !include.isEmpty { continue }
            guard case .object? = statement["target"], case .array(let relations)? = statement["relation"] else {
                continue
            }
            let components = try parseDynamicAppLinkComponents(statement)
            let grants = relations.contains { getString($0) == AssetLinks.handleAllURLs }
            guard found == nil, grants, case .string("android_app")? = statement["target"]?["namespace"],
                case .string(package)? = statement["target"]?["package_name"]
            else { continue }
            found = components
        }
        return found
    }

    private static func parseDynamicAppLinkComponents(_ statement: Value) throws(Unreadable) -> [Component] {
        guard case .object? = statement["relation_extensions"],
            case .object? = statement["relation_extensions"]?[AssetLinks.handleAllURLs],
            case .array(let list)? = statement["relation_extensions"]?[AssetLinks.handleAllURLs]?[
                AssetLinks.dynamicRulesKey]
        else { return [] }
        var components: [Component] = []
        for element in list {
            // `getJSONObject(i)` throws for anything else.
            guard case .object = element else { throw Unreadable() }
            var query: [(name: String, value: String)]?
            if case .object(let members)? = element["?"] {
                query = members.map { ($0.key, getString($0.value)) }
            }
            components.append(
                Component(
                    exclude: optBoolean(element["exclude"]), fragment: element["#"].map(getString),
                    path: element["/"].map(getString), query: query))
        }
        return components
    }

    /// The assumed `StatementUtils.createUriRelativeFilterGroup`.
    static func group(_ component: Component, _ reading: Reading) -> AOSPUriRelativeFilterGroup {
        var group = AOSPUriRelativeFilterGroup(action: component.exclude ? .block : .allow)
        if let path = component.path { group.addUriRelativeFilter(.init(part: .path, filter: reading.glob(path))) }
        for (name, value) in component.query ?? [] {
            let spelledName = reading.queryName == .glob ? reading.glob(name) : reading.literal(name)
            group.addUriRelativeFilter(
                .init(part: .query, filter: spelledName + Array("=".utf16) + reading.glob(value)))
        }
        if let fragment = component.fragment {
            group.addUriRelativeFilter(.init(part: .fragment, filter: reading.glob(fragment)))
        }
        return group
    }

    /// What a device holds for one package after reading a file: its filter groups, or `nil` when
    /// the file cannot be read or no statement grants the package `handle_all_urls`.
    struct Device {
        let groups: [AOSPUriRelativeFilterGroup]?

        init(file: String, package: String, reading: Reading = .assumed) {
            let found: [Component]?
            do { found = try components(file, package: package) } catch { found = nil }
            groups = found?.map { group($0, reading) }
        }

        /// The device's decision for `url` on `domain`, in `assetlinks decide`'s words.
        func decide(domain: String, url: String) -> AASADecision {
            guard let groups else { return .noMatch }
            let uri = AOSPUri(url)
            guard let scheme = uri.scheme.map({ String(decoding: $0, as: UTF16.self).lowercased() }),
                scheme == "http" || scheme == "https", let hostUnits = uri.host
            else { return .noMatch }
            let host = String(decoding: hostUnits, as: UTF16.self).lowercased()
            let served = domain.hasPrefix("*.") ? host.hasSuffix(domain.dropFirst()) : host == domain
            guard served else { return .noMatch }
            if groups.isEmpty { return .match }
            let (allowed, decidedBy) = AOSPUriRelativeFilterGroup.matchGroupsToUri(groups, uri)
            if allowed { return .match }
            return decidedBy == nil ? .noMatch : .exclude
        }
    }
}
