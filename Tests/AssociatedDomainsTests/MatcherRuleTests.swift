import AssociatedDomains
import DeepLinkRouting
import Testing

/// One observed behaviour of spec §2: a set of components (or a whole `applinks` object), a URL
/// and what `swcutil` decides for the app.
struct MatcherCase: Sendable, CustomTestStringConvertible {
    let rule: String
    /// Either a JSON array of components or a JSON `applinks` object.
    let applinks: String
    let url: String
    let expected: AASADecision

    init(_ rule: String, _ applinks: String, _ url: String, _ expected: AASADecision) {
        self.rule = rule
        self.applinks = applinks
        self.url = url
        self.expected = expected
    }

    var testDescription: String { "\(rule): \(url) → \(expected)" }

    static let app = "ABCDE12345.com.example.app"

    /// The association file the case describes.
    var fileText: String {
        if applinks.hasPrefix("[") {
            return ##"{"applinks": {"details": [{"appIDs": ["\##(MatcherCase.app)"], "components": \##(applinks)}]}}"##
        }
        return ##"{"applinks": \##(applinks)}"##
    }
}

private let appID = MatcherCase.app

@Suite("AASA matcher: the observed rules of spec §2")
struct MatcherRuleTests {
    static let scopeAndOrder: [MatcherCase] = [
        .init("https on the domain", ##"[{"/": "/a"}]"##, "https://example.com/a", .match),
        .init("http is allowed", ##"[{"/": "/a"}]"##, "http://example.com/a", .match),
        .init("other schemes never match", ##"[{"/": "/a"}]"##, "ftp://example.com/a", .noMatch),
        .init("custom schemes never match", ##"[{"/": "*"}]"##, "example://example.com/a", .noMatch),
        .init("another host never matches", ##"[{"/": "/a"}]"##, "https://www.example.com/a", .noMatch),
        .init("the host compares case-insensitively", ##"[{"/": "/a"}]"##, "https://EXAMPLE.com/a", .match),
        .init("a port does not change the host", ##"[{"/": "/a"}]"##, "https://example.com:443/a", .match),
        .init("not a URL", ##"[{"/": "*"}]"##, "example.com/a", .noMatch),
        .init("nothing matches", ##"[{"/": "/a"}]"##, "https://example.com/b", .noMatch),
        .init(
            "first rule wins: exclude before match", ##"[{"/": "/a/*", "exclude": true}, {"/": "/a/*"}]"##,
            "https://example.com/a/1", .exclude),
        .init(
            "first rule wins: match before exclude", ##"[{"/": "/a/*"}, {"/": "/a/*", "exclude": true}]"##,
            "https://example.com/a/1", .match),
        .init(
            "a non-matching exclude lets later rules decide", ##"[{"/": "/b/*", "exclude": true}, {"/": "/a/*"}]"##,
            "https://example.com/a/1", .match),
        .init("an empty component list matches nothing", ##"[]"##, "https://example.com/a", .noMatch),
        .init("an empty component matches everything", ##"[{}]"##, "https://example.com/anything?x#y", .match),
        .init("exclude false is a normal rule", ##"[{"/": "/a", "exclude": false}]"##, "https://example.com/a", .match),
        .init(
            "details are walked in order",
            ##"{"details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/a", "exclude": true}]}, {"appIDs": ["\##(appID)"], "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a", .exclude),
        .init(
            "a later detail decides when an earlier has no matching rule",
            ##"{"details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/b"}]}, {"appIDs": ["\##(appID)"], "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a", .match),
        .init(
            "details of other apps are skipped",
            ##"{"details": [{"appIDs": ["ZZZZZ99999.com.other"], "components": [{"/": "*", "exclude": true}]}, {"appIDs": ["\##(appID)"], "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a", .match),
        .init(
            "an app the file does not name",
            ##"{"details": [{"appIDs": ["ZZZZZ99999.com.other"], "components": [{"/": "*"}]}]}"##,
            "https://example.com/a", .noMatch),
        .init(
            "appID (singular) names the app", ##"{"details": [{"appID": "\##(appID)", "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a", .match),
        .init(
            "components win over paths in one detail",
            ##"{"details": [{"appIDs": ["\##(appID)"], "paths": ["/a"], "components": [{"/": "/b"}]}]}"##,
            "https://example.com/a", .noMatch),
    ]

    static let paths: [MatcherCase] = [
        .init("whole-text match", ##"[{"/": "/abc"}]"##, "https://example.com/abcd", .noMatch),
        .init("the leading slash is optional", ##"[{"/": "abc"}]"##, "https://example.com/abc", .match),
        .init("a leading // is /", ##"[{"/": "//abc"}]"##, "https://example.com/abc", .match),
        .init("a URL with // in front", ##"[{"/": "/abc"}]"##, "https://example.com//abc", .match),
        .init(
            "a trailing slash in the URL is insignificant", ##"[{"/": "/buy"}]"##, "https://example.com/buy/", .match),
        .init(
            "a trailing slash in the pattern is insignificant", ##"[{"/": "/buy/"}]"##, "https://example.com/buy",
            .match),
        .init("several trailing slashes", ##"[{"/": "/buy/"}]"##, "https://example.com/buy//", .match),
        .init("/x/* matches its parent", ##"[{"/": "/buy/*"}]"##, "https://example.com/buy", .match),
        .init("/x/* matches a child", ##"[{"/": "/buy/*"}]"##, "https://example.com/buy/1", .match),
        .init("/x/* matches a grandchild", ##"[{"/": "/buy/*"}]"##, "https://example.com/buy/1/2", .match),
        .init("/x/* does not match a sibling prefix", ##"[{"/": "/buy/*"}]"##, "https://example.com/buyer", .noMatch),
        .init("/a/*/c does not match /a/c", ##"[{"/": "/a/*/c"}]"##, "https://example.com/a/c", .noMatch),
        .init("/a/*/c matches /a/b/c", ##"[{"/": "/a/*/c"}]"##, "https://example.com/a/b/c", .match),
        .init("* crosses slashes", ##"[{"/": "/a/*/c"}]"##, "https://example.com/a/b/d/c", .match),
        .init("the root pattern matches an empty path", ##"[{"/": "/"}]"##, "https://example.com", .match),
        .init("the root pattern matches /", ##"[{"/": "/"}]"##, "https://example.com/", .match),
        .init("the root pattern does not match /a", ##"[{"/": "/"}]"##, "https://example.com/a", .noMatch),
        .init("* matches the root", ##"[{"/": "*"}]"##, "https://example.com/", .match),
        .init("/* matches the root (its parent)", ##"[{"/": "/*"}]"##, "https://example.com", .match),
        .init("? is exactly one character", ##"[{"/": "/?"}]"##, "https://example.com/a", .match),
        .init("? is not two characters", ##"[{"/": "/?"}]"##, "https://example.com/ab", .noMatch),
        .init("? is not zero characters", ##"[{"/": "/a?"}]"##, "https://example.com/a", .noMatch),
        .init("?* is one or more", ##"[{"/": "/?*"}]"##, "https://example.com/", .noMatch),
        .init("?* matches one", ##"[{"/": "/p/?*"}]"##, "https://example.com/p/1", .match),
        .init("?* crosses slashes", ##"[{"/": "/p/?*"}]"##, "https://example.com/p/1/2", .match),
        .init(
            "/?* excluded multi-segment first (short links)", ##"[{"/": "/*/?*", "exclude": true}, {"/": "/?*"}]"##,
            "https://example.com/a/b", .exclude),
        .init(
            "/?* matches a single segment (short links)", ##"[{"/": "/*/?*", "exclude": true}, {"/": "/?*"}]"##,
            "https://example.com/abc", .match),
        .init(
            "/?* short links keep the root closed", ##"[{"/": "/*/?*", "exclude": true}, {"/": "/?*"}]"##,
            "https://example.com/", .noMatch),
        .init("there is no escape syntax", ##"[{"/": "/a\\*"}]"##, "https://example.com/a\\bc", .match),
        .init("literal * in the URL matches a pattern *", ##"[{"/": "/a*"}]"##, "https://example.com/a*", .match),
        .init("the path is case-sensitive by default", ##"[{"/": "/Buy"}]"##, "https://example.com/buy", .noMatch),
        .init("many stars", ##"[{"/": "/*a*a*a*b"}]"##, "https://example.com/aaaaaaab", .match),
        .init("many stars, no b", ##"[{"/": "/*a*a*a*b"}]"##, "https://example.com/aaaaaaaa", .noMatch),
        .init("a path pattern ignores the query", ##"[{"/": "/a"}]"##, "https://example.com/a?x=1", .match),
        .init("a path pattern ignores the fragment", ##"[{"/": "/a"}]"##, "https://example.com/a#top", .match),
    ]

    static let legacy: [MatcherCase] = [
        .init(
            "legacy paths match", ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["/a/*"]}]}"##,
            "https://example.com/a/1", .match),
        .init(
            "NOT excludes", ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["NOT /a/b", "/a/*"]}]}"##,
            "https://example.com/a/b", .exclude),
        .init(
            "NOT only when it matches",
            ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["NOT /a/b", "/a/*"]}]}"##,
            "https://example.com/a/c", .match),
        .init(
            "NOT after a matching path is never reached",
            ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["/a/*", "NOT /a/b"]}]}"##,
            "https://example.com/a/b", .match),
        .init(
            "NOT without a space is a path",
            ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["NOT/a/b", "/*"]}]}"##,
            "https://example.com/a/b",
            .match),
        .init(
            "legacy paths ignore the query", ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["/a"]}]}"##,
            "https://example.com/a?b=1", .match),
        .init(
            "legacy paths ignore the fragment",
            ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["/a"]}]}"##,
            "https://example.com/a#b", .match),
        .init(
            "a ? in a legacy path is a wildcard, not a query",
            ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["/a?"]}]}"##, "https://example.com/ab", .match
        ),
        .init(
            "legacy * opens everything", ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["*"]}]}"##,
            "https://example.com/x/y", .match),
        .init(
            "legacy dictionary details", ##"{"apps": [], "details": {"\##(appID)": {"paths": ["/a/*"]}}}"##,
            "https://example.com/a/1", .match),
        .init(
            "legacy dictionary details with NOT",
            ##"{"apps": [], "details": {"\##(appID)": {"paths": ["NOT /a/1", "/a/*"]}}}"##, "https://example.com/a/1",
            .exclude),
        .init(
            "legacy dictionary details of another app",
            ##"{"apps": [], "details": {"ZZZZZ99999.com.other": {"paths": ["*"]}}}"##, "https://example.com/a", .noMatch
        ),
        .init(
            "legacy path trailing /* matches its parent",
            ##"{"apps": [], "details": [{"appID": "\##(appID)", "paths": ["/a/*"]}]}"##, "https://example.com/a", .match
        ),
    ]

    static let queries: [MatcherCase] = [
        .init(
            "a query string matches the raw query as a whole", ##"[{"?": "a=1"}]"##, "https://example.com/?a=1", .match),
        .init("a query string is not a subset", ##"[{"?": "a=1"}]"##, "https://example.com/?a=1&b=2", .noMatch),
        .init("a query string with a star", ##"[{"?": "a=1*"}]"##, "https://example.com/?a=1&b=2", .match),
        .init("an absent query is empty for a string pattern", ##"[{"?": "*"}]"##, "https://example.com/", .match),
        .init("an absent query does not match ?*", ##"[{"?": "?*"}]"##, "https://example.com/", .noMatch),
        .init("an empty query matches \"\"", ##"[{"?": ""}]"##, "https://example.com/a", .match),
        .init("dictionary: the named item matches", ##"[{"?": {"id": "?*"}}]"##, "https://example.com/?id=7", .match),
        .init(
            "dictionary: other items are not tested", ##"[{"?": {"id": "?*"}}]"##, "https://example.com/?x=1&id=7&y=2",
            .match),
        .init("dictionary: a literal value", ##"[{"?": {"id": "7"}}]"##, "https://example.com/?id=8", .noMatch),
        .init(
            "dictionary: an absent item with * matches", ##"[{"?": {"id": "*"}}]"##, "https://example.com/?x=1", .match),
        .init(
            "dictionary: an absent item with \"\" matches", ##"[{"?": {"id": ""}}]"##, "https://example.com/", .match),
        .init(
            "dictionary: an absent item with ?* does not match", ##"[{"?": {"id": "?*"}}]"##,
            "https://example.com/?x=1", .noMatch),
        .init(
            "dictionary: an absent item with a literal does not match", ##"[{"?": {"id": "7"}}]"##,
            "https://example.com/", .noMatch),
        .init(
            "dictionary: an item without = has the empty value", ##"[{"?": {"flag": ""}}]"##,
            "https://example.com/?flag", .match),
        .init(
            "dictionary: an item without = fails ?*", ##"[{"?": {"flag": "?*"}}]"##, "https://example.com/?flag",
            .noMatch),
        .init(
            "dictionary: every occurrence of a repeated name must match", ##"[{"?": {"id": "?"}}]"##,
            "https://example.com/?id=1&id=22", .noMatch),
        .init(
            "dictionary: repeated names that all match", ##"[{"?": {"id": "?"}}]"##, "https://example.com/?id=1&id=2",
            .match),
        .init(
            "dictionary: all named items must match", ##"[{"?": {"a": "1", "b": "2"}}]"##,
            "https://example.com/?a=1&b=3", .noMatch),
        .init(
            "dictionary: all named items, in any order", ##"[{"?": {"a": "1", "b": "2"}}]"##,
            "https://example.com/?b=2&a=1", .match),
        .init(
            "dictionary: a number value makes iOS ignore the dictionary", ##"[{"?": {"id": 7}}]"##,
            "https://example.com/?id=8", .match),
        .init(
            "dictionary: a bool value anywhere ignores it all", ##"[{"?": {"a": "1", "b": true}}]"##,
            "https://example.com/?a=2", .match),
        .init("dictionary: null ignores it", ##"[{"?": {"a": null}}]"##, "https://example.com/", .match),
        .init("dictionary: an array ignores it", ##"[{"?": {"a": ["1"]}}]"##, "https://example.com/?a=2", .match),
        .init("dictionary: an object ignores it", ##"[{"?": {"a": {"b": "1"}}}]"##, "https://example.com/?a=2", .match),
        .init(
            "dictionary: ignored, the path still counts", ##"[{"/": "/p", "?": {"a": 1}}]"##,
            "https://example.com/q?a=1", .noMatch),
        .init(
            "dictionary: values compare as written (encoded)", ##"[{"?": {"q": "a%20b"}}]"##,
            "https://example.com/?q=a%20b", .match),
        .init(
            "dictionary: values are case-sensitive", ##"[{"?": {"q": "abc"}}]"##, "https://example.com/?q=ABC", .noMatch
        ),
        .init(
            "dictionary: names are case-sensitive", ##"[{"?": {"Q": "abc"}}]"##, "https://example.com/?q=abc", .noMatch),
        .init("dictionary: empty value with =", ##"[{"?": {"id": ""}}]"##, "https://example.com/?id=", .match),
        .init("an empty dictionary matches any query", ##"[{"?": {}}]"##, "https://example.com/?a=1", .match),
    ]

    static let fragments: [MatcherCase] = [
        .init("a fragment pattern", ##"[{"#": "top"}]"##, "https://example.com/a#top", .match),
        .init("a fragment pattern is whole-text", ##"[{"#": "top"}]"##, "https://example.com/a#topic", .noMatch),
        .init("an absent fragment is empty", ##"[{"#": ""}]"##, "https://example.com/a", .match),
        .init("an absent fragment fails ?*", ##"[{"#": "?*"}]"##, "https://example.com/a", .noMatch),
        .init("a fragment with a star", ##"[{"#": "sec-*"}]"##, "https://example.com/a#sec-2", .match),
        .init(
            "exclude on a fragment", ##"[{"#": "no_universal_links", "exclude": true}, {"/": "*"}]"##,
            "https://example.com/a#no_universal_links", .exclude),
        .init(
            "every key must match", ##"[{"/": "/a", "?": "x=1", "#": "f"}]"##, "https://example.com/a?x=1#g", .noMatch),
        .init("every key matches", ##"[{"/": "/a", "?": "x=1", "#": "f"}]"##, "https://example.com/a?x=1#f", .match),
    ]

    static let percentEncoding: [MatcherCase] = [
        .init("percentEncoded true compares as written", ##"[{"/": "/a%20b"}]"##, "https://example.com/a%20b", .match),
        .init("percentEncoded true: hex case matters", ##"[{"/": "/a%2fb"}]"##, "https://example.com/a%2Fb", .noMatch),
        .init(
            "percentEncoded true: %2F is not a separator", ##"[{"/": "/a/*"}]"##, "https://example.com/a%2Fb", .noMatch),
        .init(
            "percentEncoded true: a decoded pattern does not match", ##"[{"/": "/a b"}]"##, "https://example.com/a%20b",
            .noMatch),
        .init(
            "percentEncoded false decodes the URL", ##"[{"/": "/a b", "percentEncoded": false}]"##,
            "https://example.com/a%20b", .match),
        .init(
            "percentEncoded false never decodes the pattern", ##"[{"/": "/a%20b", "percentEncoded": false}]"##,
            "https://example.com/a%20b", .noMatch),
        .init(
            "percentEncoded false: %2F becomes a separator", ##"[{"/": "/a/*", "percentEncoded": false}]"##,
            "https://example.com/a%2Fb", .match),
        .init(
            "percentEncoded false: unicode", ##"[{"/": "/café", "percentEncoded": false}]"##,
            "https://example.com/caf%C3%A9", .match),
        .init(
            "percentEncoded false decodes the query", ##"[{"?": {"q": "a b"}, "percentEncoded": false}]"##,
            "https://example.com/?q=a%20b", .match),
        .init(
            "percentEncoded false: an encoded & does not split items",
            ##"[{"?": {"q": "a&b"}, "percentEncoded": false}]"##, "https://example.com/?q=a%26b", .match),
        .init(
            "percentEncoded false decodes the fragment", ##"[{"#": "a b", "percentEncoded": false}]"##,
            "https://example.com/#a%20b", .match),
        .init(
            "percentEncoded false decodes a whole query string", ##"[{"?": "q=a b", "percentEncoded": false}]"##,
            "https://example.com/?q=a%20b", .match),
    ]

    static let caseFolding: [MatcherCase] = [
        .init(
            "caseSensitive false folds the URL", ##"[{"/": "/buy", "caseSensitive": false}]"##,
            "https://example.com/BUY", .match),
        .init(
            "caseSensitive false folds the pattern", ##"[{"/": "/BUY", "caseSensitive": false}]"##,
            "https://example.com/buy", .match),
        .init(
            "caseSensitive false with stars", ##"[{"/": "/Shop/*", "caseSensitive": false}]"##,
            "https://example.com/sHOP/X", .match),
        .init(
            "caseSensitive false folds query values", ##"[{"?": {"q": "ABC"}, "caseSensitive": false}]"##,
            "https://example.com/?q=abc", .match),
        .init(
            "caseSensitive false folds query names", ##"[{"?": {"Q": "abc"}, "caseSensitive": false}]"##,
            "https://example.com/?q=ABC", .match),
        .init(
            "caseSensitive false folds the fragment", ##"[{"#": "Top", "caseSensitive": false}]"##,
            "https://example.com/#TOP", .match),
        .init(
            "caseSensitive false: non-ASCII letters",
            ##"[{"/": "/ÉTÉ", "caseSensitive": false, "percentEncoded": false}]"##, "https://example.com/%C3%A9t%C3%A9",
            .match),
        .init(
            "caseSensitive false still needs the text", ##"[{"/": "/buy", "caseSensitive": false}]"##,
            "https://example.com/sell", .noMatch),
        .init(
            "caseSensitive false folds substitution values",
            ##"{"substitutionVariables": {"v": ["ABC"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(v)", "caseSensitive": false}]}]}"##,
            "https://example.com/abc", .match),
        .init(
            "caseSensitive true keeps substitution values' case",
            ##"{"substitutionVariables": {"v": ["ABC"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(v)"}]}]}"##,
            "https://example.com/abc", .noMatch),
        .init(
            "caseSensitive false folds $(region)", ##"[{"/": "/$(region)/*", "caseSensitive": false}]"##,
            "https://example.com/gb/x", .match),
        .init(
            "caseSensitive false: $(upper) accepts lower-case", ##"[{"/": "/$(upper)", "caseSensitive": false}]"##,
            "https://example.com/q", .match),
    ]

    static let defaults: [MatcherCase] = [
        .init(
            "applinks.defaults sets caseSensitive",
            ##"{"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/buy"}]}]}"##,
            "https://example.com/BUY", .match),
        .init(
            "detail defaults override applinks.defaults",
            ##"{"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["\##(appID)"], "defaults": {"caseSensitive": true}, "components": [{"/": "/buy"}]}]}"##,
            "https://example.com/BUY", .noMatch),
        .init(
            "the component overrides the detail defaults",
            ##"{"details": [{"appIDs": ["\##(appID)"], "defaults": {"caseSensitive": true}, "components": [{"/": "/buy", "caseSensitive": false}]}]}"##,
            "https://example.com/BUY", .match),
        .init(
            "the component overrides applinks.defaults",
            ##"{"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/buy", "caseSensitive": true}]}]}"##,
            "https://example.com/BUY", .noMatch),
        .init(
            "applinks.defaults sets percentEncoded",
            ##"{"defaults": {"percentEncoded": false}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/a b"}]}]}"##,
            "https://example.com/a%20b", .match),
        .init(
            "detail defaults set percentEncoded",
            ##"{"details": [{"appIDs": ["\##(appID)"], "defaults": {"percentEncoded": false}, "components": [{"/": "/a b"}]}]}"##,
            "https://example.com/a%20b", .match),
        .init(
            "defaults apply to every detail",
            ##"{"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["ZZZZZ99999.com.o"], "components": []}, {"appIDs": ["\##(appID)"], "components": [{"/": "/X"}]}]}"##,
            "https://example.com/x", .match),
        .init(
            "defaults can carry exclude",
            ##"{"details": [{"appIDs": ["\##(appID)"], "defaults": {"exclude": true}, "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a", .exclude),
        .init(
            "a component's exclude false beats defaults' exclude",
            ##"{"details": [{"appIDs": ["\##(appID)"], "defaults": {"exclude": true}, "components": [{"/": "/a", "exclude": false}]}]}"##,
            "https://example.com/a", .match),
        .init(
            "defaults can carry a path",
            ##"{"defaults": {"/": "/only/*"}, "details": [{"appIDs": ["\##(appID)"], "components": [{"#": "x"}]}]}"##,
            "https://example.com/other#x", .noMatch),
        .init(
            "defaults' path applies when the component has none",
            ##"{"defaults": {"/": "/only/*"}, "details": [{"appIDs": ["\##(appID)"], "components": [{"#": "x"}]}]}"##,
            "https://example.com/only/1#x", .match),
        .init(
            "defaults can carry a query",
            ##"{"details": [{"appIDs": ["\##(appID)"], "defaults": {"?": {"ref": "?*"}}, "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a", .noMatch),
        .init(
            "defaults can carry a fragment",
            ##"{"details": [{"appIDs": ["\##(appID)"], "defaults": {"#": "f"}, "components": [{"/": "/a"}]}]}"##,
            "https://example.com/a#f", .match),
        .init(
            "a component's own path beats defaults' path",
            ##"{"defaults": {"/": "/only/*"}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/mine"}]}]}"##,
            "https://example.com/mine", .match),
        .init(
            "legacy paths ignore defaults",
            ##"{"defaults": {"caseSensitive": false}, "details": [{"appID": "\##(appID)", "paths": ["/buy"]}]}"##,
            "https://example.com/BUY", .noMatch),
    ]

    static let variables: [MatcherCase] = [
        .init(
            "a declared variable",
            ##"{"substitutionVariables": {"food": ["burrito", "taco"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(food)/*"}]}]}"##,
            "https://example.com/taco/1", .match),
        .init(
            "a declared variable's other value",
            ##"{"substitutionVariables": {"food": ["burrito", "taco"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(food)/*"}]}]}"##,
            "https://example.com/burrito", .match),
        .init(
            "a value not listed",
            ##"{"substitutionVariables": {"food": ["burrito", "taco"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(food)/*"}]}]}"##,
            "https://example.com/pizza/1", .noMatch),
        .init(
            "values may hold *",
            ##"{"substitutionVariables": {"v": ["a*"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(v)/x"}]}]}"##,
            "https://example.com/abc/x", .match),
        .init(
            "values may hold ?",
            ##"{"substitutionVariables": {"v": ["a?"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(v)"}]}]}"##,
            "https://example.com/ab", .match),
        .init(
            "values with ? are exact length",
            ##"{"substitutionVariables": {"v": ["a?"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(v)"}]}]}"##,
            "https://example.com/abc", .noMatch),
        .init(
            "two variables in one pattern",
            ##"{"substitutionVariables": {"a": ["x", "y"], "b": ["1", "2"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(a)-$(b)"}]}]}"##,
            "https://example.com/y-2", .match),
        .init(
            "variables in query values",
            ##"{"substitutionVariables": {"c": ["red", "blue"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"?": {"color": "$(c)"}}]}]}"##,
            "https://example.com/?color=blue", .match),
        .init(
            "variables in query values that are not listed",
            ##"{"substitutionVariables": {"c": ["red", "blue"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"?": {"color": "$(c)"}}]}]}"##,
            "https://example.com/?color=green", .noMatch),
        .init(
            "variables in fragments",
            ##"{"substitutionVariables": {"s": ["a", "b"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"#": "$(s)"}]}]}"##,
            "https://example.com/#b", .match),
        .init(
            "an undefined variable never matches", ##"[{"/": "/$(nope)"}]"##, "https://example.com/$(nope)", .noMatch),
        .init(
            "an empty variable never matches",
            ##"{"substitutionVariables": {"v": []}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(v)"}]}]}"##,
            "https://example.com/", .noMatch),
        .init("an unclosed $( is literal text", ##"[{"/": "/$(a"}]"##, "https://example.com/$(a", .match),
        .init(
            "a declared variable shadows a built-in",
            ##"{"substitutionVariables": {"digit": ["x"]}, "details": [{"appIDs": ["\##(appID)"], "components": [{"/": "/$(digit)"}]}]}"##,
            "https://example.com/x", .match),
        .init("$(alpha) is one letter", ##"[{"/": "/$(alpha)"}]"##, "https://example.com/Q", .match),
        .init("$(alpha) is not a digit", ##"[{"/": "/$(alpha)"}]"##, "https://example.com/1", .noMatch),
        .init("$(alpha) is one character only", ##"[{"/": "/$(alpha)"}]"##, "https://example.com/ab", .noMatch),
        .init("$(upper)", ##"[{"/": "/$(upper)"}]"##, "https://example.com/Q", .match),
        .init("$(upper) is not lower-case", ##"[{"/": "/$(upper)"}]"##, "https://example.com/q", .noMatch),
        .init("$(lower)", ##"[{"/": "/$(lower)"}]"##, "https://example.com/q", .match),
        .init("$(lower) is not upper-case", ##"[{"/": "/$(lower)"}]"##, "https://example.com/Q", .noMatch),
        .init("$(alnum) letter", ##"[{"/": "/$(alnum)"}]"##, "https://example.com/z", .match),
        .init("$(alnum) digit", ##"[{"/": "/$(alnum)"}]"##, "https://example.com/7", .match),
        .init("$(alnum) is not punctuation", ##"[{"/": "/$(alnum)"}]"##, "https://example.com/-", .noMatch),
        .init("$(digit)", ##"[{"/": "/id/$(digit)$(digit)"}]"##, "https://example.com/id/42", .match),
        .init("$(digit) is not a letter", ##"[{"/": "/id/$(digit)"}]"##, "https://example.com/id/x", .noMatch),
        .init("$(xdigit) lower-case hex", ##"[{"/": "/$(xdigit)"}]"##, "https://example.com/f", .match),
        .init("$(xdigit) upper-case hex", ##"[{"/": "/$(xdigit)"}]"##, "https://example.com/F", .match),
        .init("$(xdigit) is not g", ##"[{"/": "/$(xdigit)"}]"##, "https://example.com/g", .noMatch),
        .init("$(region) GB", ##"[{"/": "/$(region)/*"}]"##, "https://example.com/GB/shop", .match),
        .init("$(region) is not UK", ##"[{"/": "/$(region)/*"}]"##, "https://example.com/UK/shop", .noMatch),
        .init("$(region) US", ##"[{"/": "/$(region)"}]"##, "https://example.com/US", .match),
        .init(
            "$(region) is case-sensitive by default", ##"[{"/": "/$(region)"}]"##, "https://example.com/us", .noMatch),
        .init("$(lang) en", ##"[{"/": "/$(lang)/*"}]"##, "https://example.com/en/x", .match),
        .init("$(lang) is not a made-up code", ##"[{"/": "/$(lang)/*"}]"##, "https://example.com/qq/x", .noMatch),
        .init("$(lang)_$(region)", ##"[{"/": "/$(lang)_$(region)/*"}]"##, "https://example.com/fr_CA/x", .match),
        .init(
            "$(lang)_$(region) wrong order", ##"[{"/": "/$(lang)_$(region)/*"}]"##, "https://example.com/CA_fr/x",
            .noMatch),
        .init("$(lang) in a query dictionary", ##"[{"?": {"hl": "$(lang)"}}]"##, "https://example.com/?hl=de", .match),
    ]

    static var all: [MatcherCase] {
        scopeAndOrder + paths + legacy + queries + fragments + percentEncoding + caseFolding + defaults + variables
    }

    @Test("decides as swcutil does", arguments: all)
    func decides(_ testCase: MatcherCase) throws {
        let compiled = try CompiledAASA(json: Array(testCase.fileText.utf8), domain: "example.com")
        #expect(compiled.decide(appID: appID, url: testCase.url) == testCase.expected, "\(testCase.fileText)")
        // The explanation walks the same rules and must agree.
        #expect(compiled.explain(appID: appID, url: testCase.url).decision == testCase.expected)
    }
}
