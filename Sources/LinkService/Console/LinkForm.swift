import DeepLinkRouting
import Foundation
import LinkCore

/// The console's new-link and edit form: what was typed, turned into the same request the API
/// takes, and the API's problems put back next to the fields they are about.
///
/// Nothing is checked here: a new link goes through ``LinkCreator`` and a change through
/// ``LinkUpdater``, exactly as `POST` and `PATCH /api/v1/links` do, so the console can never
/// accept what the API refuses (nor refuse what it accepts).
package struct LinkForm: Sendable {
    /// One text field: its form name, visible label and the API field it fills.
    package struct Field: Sendable {
        package let name: String
        package let label: String
        package let apiField: String
        package var type = "url"
        package var hint: String? = nil
        package var multiline = false
    }

    package static let fields: [Field] =
        [
            Field(
                name: "destination", label: "Destination", apiField: "destination",
                hint: "A deep link of the app, or a page of its website."),
            Field(
                name: "slug", label: "Slug", apiField: "slug", type: "text",
                hint: "Leave empty for a generated one. Letters, digits, hyphens and underscores."),
            Field(
                name: "title", label: "Title", apiField: "social.title", type: "text", hint: "The social card's title."),
            Field(
                name: "description", label: "Description", apiField: "social.description", type: "text",
                multiline: true),
            Field(name: "imageURL", label: "Image URL", apiField: "social.imageURL"),
            Field(
                name: "iosFallback", label: "iOS fallback", apiField: "fallbacks.ios",
                hint: "Where iPhone visitors without the app go: the App Store or a page of the website."),
            Field(
                name: "androidFallback", label: "Android fallback", apiField: "fallbacks.android",
                hint: "The Play Store or a page of the website."),
            Field(name: "desktopFallback", label: "Desktop fallback", apiField: "fallbacks.desktop"),
            Field(
                name: "expires", label: "Expires", apiField: "expiresAt", type: "datetime-local",
                hint: "UTC. Leave empty for a link that never expires."),
            Field(
                name: "tags", label: "Tags", apiField: "tags", type: "text",
                hint: "Up to 20, separated by spaces or commas: letters, digits, \"-\" and \"_\"."),
        ] + utmFields

    /// The UTM builder: each field becomes a `utm_*` parameter of the web URLs visits are sent to.
    package static let utmFields: [Field] = UTMParameters.names.map { name in
        Field(
            name: "utm" + name.prefix(1).uppercased() + name.dropFirst(), label: "UTM \(name)", apiField: "utm." + name,
            type: "text", hint: name == "source" ? "Where the link is shared, such as newsletter." : nil)
    }

    /// What was typed, by form name (`skipPreview` is `"on"` when checked).
    package var values: [String: String]
    /// Problems by form name.
    package var errors: [String: String] = [:]
    /// A problem no single field is at fault for.
    package var formError: String? = nil
    /// The rules and variants.
    package var editor = RuleEditor()

    package init(values: [String: String]) {
        self.values = values
        editor.isPresent = true
    }

    package init(form: ConsoleForm) {
        var values: [String: String] = [:]
        for field in Self.fields { values[field.name] = form.text(field.name) }
        values["domain"] = form.text("domain")
        values["skipPreview"] = form["skipPreview"] == nil ? "" : "on"
        self.values = values
        editor = RuleEditor(form: form)
    }

    /// The form filled with a stored link.
    package init(link: Link) {
        let content = link.content
        var values: [String: String] = [
            "destination": content.destination, "slug": link.slug, "domain": link.domain,
            "title": content.social?.title ?? "", "description": content.social?.description ?? "",
            "imageURL": content.social?.imageURL ?? "", "iosFallback": content.fallbacks.ios ?? "",
            "androidFallback": content.fallbacks.android ?? "", "desktopFallback": content.fallbacks.desktop ?? "",
            "skipPreview": content.skipPreview ? "on" : "",
        ]
        values["expires"] = content.expiresAt.map(Self.localTime) ?? ""
        values["tags"] = content.tags.joined(separator: " ")
        for (field, name) in zip(Self.utmFields, UTMParameters.names) { values[field.name] = content.utm[name] ?? "" }
        self.values = values
        editor = RuleEditor(content: content)
    }

    package func value(_ name: String) -> String { values[name] ?? "" }

    /// The destination as visitors' browsers will get it, with the UTM fields merged in as the
    /// redirect merges them (web URLs only); `nil` while there is no destination.
    package var finalURL: String? {
        let destination = value("destination").trimmingCharacters(in: .whitespaces)
        guard !destination.isEmpty else { return nil }
        guard WebURL(http: destination) != nil else { return destination }
        var utm = UTMParameters()
        for (field, name) in zip(Self.utmFields, UTMParameters.names) {
            let text = value(field.name)
            utm[name] = text.isEmpty ? nil : text
        }
        return utm.merged(into: destination)
    }

    // MARK: To the API

    /// The body `POST /api/v1/links` would get for this form, parsed as the API parses it.
    package func linkRequest() throws(Problem) -> LinkRequest {
        var members: [JSONNode.Member] = [
            .init(key: "destination", value: JSONNode(.string(value("destination"))))
        ]
        if !value("slug").isEmpty { members.append(.init(key: "slug", value: JSONNode(.string(value("slug"))))) }
        members += changeMembers(removingEmpty: false)
        return try Problem.checking { () throws(FieldError) in try LinkRequest(node: JSONNode(.object(members))) }
    }

    /// The merge patch `PATCH /api/v1/links/{slug}` would get: every field of the form, an empty
    /// one removing its value.
    package func patch() -> JSONNode {
        JSONNode(
            .object(
                [.init(key: "destination", value: JSONNode(.string(value("destination"))))]
                    + changeMembers(removingEmpty: true)))
    }

    private func changeMembers(removingEmpty: Bool) -> [JSONNode.Member] {
        func text(_ name: String) -> JSONNode? {
            let text = value(name)
            if text.isEmpty { return removingEmpty ? JSONNode(.null) : nil }
            return JSONNode(.string(name == "expires" ? Self.rfc3339(fromLocal: text) : text))
        }
        func object(_ pairs: [(String, String)]) -> JSONNode? {
            let members = pairs.compactMap { key, name in text(name).map { JSONNode.Member(key: key, value: $0) } }
            return members.isEmpty ? nil : JSONNode(.object(members))
        }
        var members: [JSONNode.Member] = []
        if !value("domain").isEmpty { members.append(.init(key: "domain", value: JSONNode(.string(value("domain"))))) }
        if let social = object([("title", "title"), ("description", "description"), ("imageURL", "imageURL")]) {
            members.append(.init(key: "social", value: social))
        }
        if let fallbacks = object([
            ("ios", "iosFallback"), ("android", "androidFallback"), ("desktop", "desktopFallback"),
        ]) {
            members.append(.init(key: "fallbacks", value: fallbacks))
        }
        if let utm = object(zip(UTMParameters.names, Self.utmFields.map(\.name)).map { ($0, $1) }) {
            members.append(.init(key: "utm", value: utm))
        }
        members.append(.init(key: "skipPreview", value: JSONNode(.bool(value("skipPreview") == "on"))))
        members += editor.members
        if let expires = text("expires") { members.append(.init(key: "expiresAt", value: expires)) }
        // Tags are typed as one line; the API judges each (`tags[i]` comes back to this field).
        let tags = value("tags").split(whereSeparator: { $0 == " " || $0 == "," }).map { JSONNode(.string(String($0))) }
        if !tags.isEmpty {
            members.append(.init(key: "tags", value: JSONNode(.array(tags))))
        } else if removingEmpty {
            members.append(.init(key: "tags", value: JSONNode(.null)))
        }
        return members
    }

    // MARK: From the API

    /// Whether the form was sent by one of its helper buttons ("Show final URL", "Add rule", "Add
    /// condition"): shown again, nothing written.
    package static func isHelperSubmit(_ form: ConsoleForm) -> Bool {
        ["preview", "add-rule", "add-condition"].contains { form[$0] != nil }
    }

    /// Puts the API's problem next to the field it names (or above the form).
    package mutating func show(_ problem: Problem) {
        let apiField = problem.field ?? ""
        if editor.show(apiField, problem.detail) { return }
        // A list's element (`tags[3]`) is shown at the list's field.
        let listField = apiField.split(separator: "[").first.map(String.init) ?? apiField
        if let field = Self.fields.first(where: { $0.apiField == apiField || $0.apiField == listField }) {
            errors[field.name] = problem.detail
        } else if apiField == "domain" || apiField == "skipPreview" {
            errors[apiField] = problem.detail
        } else {
            formError = problem.detail
        }
    }

    // MARK: Times

    /// `2026-01-31T12:00` (what a `datetime-local` field sends) as `2026-01-31T12:00:00Z`; other
    /// text unchanged, for the API to judge.
    package static func rfc3339(fromLocal text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let utf8 = Array(trimmed.utf8)
        if utf8.count == 16, utf8[10] == UInt8(ascii: "T") { return trimmed + ":00Z" }
        if utf8.count == 19, utf8[10] == UInt8(ascii: "T") { return trimmed + "Z" }
        return trimmed
    }

    /// A date as a `datetime-local` value in UTC: `2026-01-31T12:00` (seconds when not zero).
    package static func localTime(_ date: Date) -> String {
        let text = ISO8601.string(from: date)  // 2026-01-31T12:00:00.000Z
        let seconds = text.dropFirst(17).prefix(2)
        let minutes = String(text.prefix(16))
        return seconds == "00" ? minutes : String(text.prefix(19))
    }
}
