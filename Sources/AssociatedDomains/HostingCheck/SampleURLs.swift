import DeepLinkRouting

/// Concrete URLs that a manifest route or `exclude` pattern stands for, so that a served AASA can
/// be asked about them.
///
/// Parameters get a value of their type (`42` for `int`, a UUID for `uuid`, `sample` otherwise);
/// an optional or catch-all last segment is sampled both absent and present; required query items
/// are always added, optional ones in a second sample.
enum SampleURLs {
    static let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    /// `https://<domain><path>[?query]` for every sample of every path of `route`.
    static func urls(for route: Manifest.Route, domain: String) -> [String] {
        let queries = queryStrings(for: route)
        var urls: [String] = []
        for pattern in route.paths {
            for path in paths(for: pattern) {
                for query in queries {
                    let url = "https://\(domain)\(path)" + (query.isEmpty ? "" : "?" + query)
                    if !urls.contains(url) { urls.append(url) }
                }
            }
        }
        return urls
    }

    /// One URL inside an AASA-style exclude pattern: `*` becomes `sample`, `?` becomes `x`.
    static func url(for exclude: PathPattern, domain: String) -> String {
        var path = ""
        for scalar in PathPattern.normalize(exclude.text).unicodeScalars {
            switch scalar {
            case "*": path += "sample"
            case "?": path += "x"
            default: path.unicodeScalars.append(scalar)
            }
        }
        return "https://\(domain)\(path)"
    }

    static func paths(for pattern: RoutePattern) -> [String] {
        var fixed = ""
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                fixed += "/" + PercentDecoding.encodeSegment(text)
            case .parameter(_, let type):
                fixed += "/" + value(ofType: type)
            case .optional(_, let type):
                return [fixed.isEmpty ? "/" : fixed, fixed + "/" + value(ofType: type)]
            case .catchAll:
                return [fixed.isEmpty ? "/" : fixed, fixed + "/sample/more"]
            }
        }
        return [fixed.isEmpty ? "/" : fixed]
    }

    static func queryStrings(for route: Manifest.Route) -> [String] {
        let required = route.query.filter { $0.requirement == .required }.map {
            "\(PercentDecoding.encodeQueryComponent($0.name))=sample"
        }
        let all = route.query.map { "\(PercentDecoding.encodeQueryComponent($0.name))=sample" }
        let base = required.joined(separator: "&")
        return all.count == required.count ? [base] : [base, all.joined(separator: "&")]
    }

    static func value(ofType type: String?) -> String {
        switch type {
        case "int": "42"
        case "uuid": uuid
        default: "sample"
        }
    }
}
