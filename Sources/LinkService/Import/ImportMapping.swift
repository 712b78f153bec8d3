import DeepLinkRouting
import Foundation
import LinkCore

/// Pieces the source mappings share: tags, times, short links written without a scheme.
enum ImportMapping {
    /// Tags as the API checks them (`tags` of a create), from a list `separators` split.
    static func tags(_ text: String?, separators: Set<Character>, label: String?) -> Result<[String], ImportRowProblem>
    {
        guard let text, !text.isEmpty else { return .success([]) }
        var list: [String]
        if text.hasPrefix("["), let node = try? JSONParser().parse(Array(text.utf8)), let elements = node.arrayValue {
            list = elements.compactMap(\.stringValue)
        } else {
            list = text.split(whereSeparator: { separators.contains($0) }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        list = list.filter { !$0.isEmpty }
        var unique: [String] = []
        for tag in list where !unique.contains(tag) { unique.append(tag) }
        do {
            return .success(try LinkTags.tags(JSONNode(.array(unique.map { JSONNode(.string($0)) }))))
        } catch {
            return .failure(ImportRowProblem(label: label, "\(error.field ?? "tags"): \(error.message)"))
        }
    }

    /// A short link written without a scheme (`acme.example/abc`, as Bitly writes its links) as an https URL.
    static func url(_ text: String) -> String {
        text.contains("://") ? text : "https://" + text
    }

    /// A time written as RFC 3339, or as `2026-01-31 12:00:00` (UTC, as YOURLS and many databases
    /// write it); `nil` otherwise.
    static func date(_ text: String?) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let date = ISO8601.date(from: text) { return date }
        return ISO8601.date(from: text.replacingOccurrences(of: " ", with: "T") + "Z")
    }

    /// `value` with a slug taken apart from a domain column, the import's domain when there is none.
    static func request(
        slug: String?, domain: String?, content: LinkContent, label: String, context: ImportContext
    ) -> Result<LinkRequest, ImportRowProblem> {
        guard let slug, !slug.isEmpty else {
            return .failure(ImportRowProblem(label: label, "the short code is empty"))
        }
        return context.domain(named: domain, label: label).map {
            LinkRequest(slug: slug, domain: $0, unguessable: false, content: content)
        }
    }
}
