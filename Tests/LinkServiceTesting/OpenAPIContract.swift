import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore

/// The checked-in OpenAPI document, read the way a client reads it: its operations, the routes
/// they stand for, and whether an answer is one the document lists (status, media type, and a
/// JSON body that satisfies the schema, for the subset of JSON Schema the document uses).
package struct OpenAPIContract {
    package let document: JSONNode

    package static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    package init() throws {
        document = try JSONParser().parse(OpenAPIDocument.bytes)
    }

    /// One operation: `GET /api/v1/links/{slug}`, and the router pattern it stands for.
    package struct Operation: Hashable, CustomStringConvertible {
        package var method: String
        package var path: String
        package var route: String
        package var description: String { "\(method) \(path)" }
    }

    package var operations: [Operation] {
        (document["paths"]?.objectValue ?? []).flatMap { item in
            let route = item.value["x-wayfinder-route"]?.stringValue ?? item.key
            return (item.value.objectValue ?? []).filter { Self.methods.contains($0.key) }.map {
                Operation(method: $0.key.uppercased(), path: item.key, route: route)
            }
        }
    }

    /// `METHOD route` of every route the document says the server has but does not describe.
    package var unlistedRoutes: [String] {
        (document["x-wayfinder-unlisted-routes"]?.arrayValue ?? []).compactMap { entry in
            guard let method = entry["method"]?.stringValue, let route = entry["route"]?.stringValue else { return nil }
            return "\(method) \(route)"
        }
    }

    package func operation(_ method: HTTPRequest.Method, _ path: String) -> JSONNode? {
        document["paths"]?[path]?[method.rawValue.lowercased()]
    }

    /// What is wrong with `response` as an answer of `method path`; empty when it conforms.
    package func violations(of response: TestResponse, to method: HTTPRequest.Method, _ path: String) -> [String] {
        let name = "\(method) \(path) → \(response.status.code)"
        guard let operation = operation(method, path) else { return ["\(method) \(path) is not in the document"] }
        guard let responses = operation["responses"],
            let documented = (responses[String(response.status.code)] ?? responses["default"]).map(resolved)
        else {
            return ["\(name): status \(response.status.code) is not documented"]
        }
        var problems: [String] = []
        for header in documented["headers"]?.objectValue ?? [] where header.value["required"]?.boolValue == true {
            if let field = HTTPField.Name(header.key), response.headers[field] == nil {
                problems.append("\(name): the required header \(header.key) is missing")
            }
        }
        guard let content = documented["content"] else { return problems }
        let mediaType = (response.headers[.contentType] ?? "").split(separator: ";").first.map {
            String($0).trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let mediaType, let media = content[mediaType] else {
            return problems + [
                "\(name): Content-Type \(response.headers[.contentType] ?? "none") is not one of \((content.objectValue ?? []).map(\.key))"
            ]
        }
        guard mediaType.hasSuffix("json"), let schema = media["schema"] else { return problems }
        let body: JSONNode
        do {
            body = try JSONParser().parse(Array(response.body.readableBytesView))
        } catch {
            return problems + ["\(name): the body is not JSON: \(error)"]
        }
        return problems + validate(body, schema, at: "$").map { "\(name): \($0)" }
    }

    // MARK: JSON Schema (the subset the document uses)

    /// `node` with its `$ref` followed (`#/components/...`).
    package func resolved(_ node: JSONNode) -> JSONNode {
        guard let reference = node["$ref"]?.stringValue, reference.hasPrefix("#/") else { return node }
        var target: JSONNode? = document
        for key in reference.dropFirst(2).split(separator: "/") { target = target?[String(key)] }
        return target.map(resolved) ?? node
    }

    package func validate(_ value: JSONNode, _ schemaNode: JSONNode, at path: String) -> [String] {
        let schema = resolved(schemaNode)
        var problems: [String] = []
        if let type = schema["type"] {
            let allowed = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            guard allowed.contains(where: { Self.value(value, is: $0) }) else {
                return ["\(path) is \(value.kindDescription), the schema says \(allowed.joined(separator: " or "))"]
            }
        }
        if let constant = schema["const"], !Self.same(constant, value) {
            problems.append("\(path) must be \(constant.value)")
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(where: { Self.same($0, value) }) {
            problems.append("\(path) is none of the enum's values")
        }
        if let branches = schema["oneOf"]?.arrayValue {
            let matching = branches.filter { validate(value, $0, at: path).isEmpty }.count
            if matching != 1 { problems.append("\(path) matches \(matching) branches of oneOf, not 1") }
        }
        if case .number(let text) = value.value, let number = Double(text) {
            if let minimum = schema["minimum"].flatMap(Self.number), number < minimum {
                problems.append("\(path) is below \(minimum)")
            }
            if let maximum = schema["maximum"].flatMap(Self.number), number > maximum {
                problems.append("\(path) is above \(maximum)")
            }
        }
        if let string = value.stringValue {
            if let minimum = schema["minLength"].flatMap(Self.number), Double(string.count) < minimum {
                problems.append("\(path) is shorter than \(minimum)")
            }
            if let maximum = schema["maxLength"].flatMap(Self.number), Double(string.count) > maximum {
                problems.append("\(path) is longer than \(maximum)")
            }
        }
        if let members = value.objectValue {
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            where !members.contains(where: { $0.key == name }) {
                problems.append("\(path).\(name) is required and missing")
            }
            let properties = schema["properties"]
            for member in members {
                if let property = properties?[member.key] {
                    problems += validate(member.value, property, at: "\(path).\(member.key)")
                } else if let additional = schema["additionalProperties"] {
                    if additional.boolValue == false {
                        problems.append("\(path).\(member.key) is not a documented member")
                    } else if additional.objectValue != nil {
                        problems += validate(member.value, additional, at: "\(path).\(member.key)")
                    }
                }
            }
        }
        if let elements = value.arrayValue, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                problems += validate(element, items, at: "\(path)[\(index)]")
            }
        }
        return problems
    }

    private static func value(_ value: JSONNode, is type: String) -> Bool {
        switch (type, value.value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let text)): Int(text) != nil
        default: false
        }
    }

    private static func number(_ node: JSONNode) -> Double? {
        if case .number(let text) = node.value { return Double(text) }
        return nil
    }

    private static func same(_ left: JSONNode, _ right: JSONNode) -> Bool {
        left.value == right.value
            || (number(left) != nil && number(left) == number(right))
    }
}
