import AssociatedDomains
import Testing

@Suite("AASA semantic diff")
struct DiffTests {
    static let app = "ABCDE12345.com.example.app"

    static func file(_ components: String, defaults: String = "{}", variables: String = "{}") -> AASAFile {
        let text =
            ##"{"applinks": {"substitutionVariables": \##(variables), "details": [{"appIDs": ["\##(app)"], "defaults": \##(defaults), "components": \##(components)}]}}"##
        return AASAFile.decode(Array(text.utf8)).file!
    }

    @Test("identical files and a hoisted default are no change")
    func hoisted() {
        let inline = Self.file(
            ##"[{"/": "/a", "caseSensitive": false}, {"/": "/b", "caseSensitive": false, "comment": "x"}]"##)
        let hoisted = Self.file(##"[{"/": "/a"}, {"/": "/b"}]"##, defaults: ##"{"caseSensitive": false}"##)
        #expect(AASADiff.compare(inline, inline).isEmpty)
        #expect(AASADiff.compare(inline, hoisted).isEmpty)
    }

    @Test(
        "added, removed, changed and moved rules",
        arguments: [
            (##"[{"/": "/a"}]"##, ##"[{"/": "/a"}, {"/": "/b"}]"##, AASADiff.Change.Kind.added),
            (##"[{"/": "/a"}, {"/": "/b"}]"##, ##"[{"/": "/a"}]"##, .removed),
            (
                ##"[{"/": "/a"}, {"/": "/b"}, {"/": "/c"}]"##,
                ##"[{"/": "/a"}, {"/": "/b", "exclude": true}, {"/": "/c"}]"##, .changed
            ),
            (
                ##"[{"/": "/a", "exclude": true}, {"/": "/a/*"}, {"/": "/c"}]"##,
                ##"[{"/": "/a/*"}, {"/": "/a", "exclude": true}, {"/": "/c"}]"##, .moved
            ),
        ])
    func kinds(old: String, new: String, kind: AASADiff.Change.Kind) {
        let diff = AASADiff.compare(Self.file(old), Self.file(new))
        #expect(diff.changes.map(\.kind) == [kind], "\(diff.changes)")
        #expect(diff.changes.first?.appID == Self.app)
    }

    @Test("a changed flag in defaults changes every rule it reaches")
    func defaultsChange() {
        let diff = AASADiff.compare(
            Self.file(##"[{"/": "/a"}, {"/": "/b"}]"##),
            Self.file(##"[{"/": "/a"}, {"/": "/b"}]"##, defaults: ##"{"percentEncoded": false}"##))
        #expect(diff.changes.map(\.kind) == [.changed, .changed])
    }

    @Test("a variable with other values is a change")
    func variables() {
        let diff = AASADiff.compare(
            Self.file(##"[{"/": "/$(v)"}]"##, variables: ##"{"v": ["a"]}"##),
            Self.file(##"[{"/": "/$(v)"}]"##, variables: ##"{"v": ["a", "b"]}"##))
        #expect(diff.changes.map(\.kind) == [.variableChanged])
        #expect(diff.changes.first?.variable == "v")
    }
}
