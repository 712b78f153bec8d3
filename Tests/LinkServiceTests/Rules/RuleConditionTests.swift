import DeepLinkRouting
import Foundation
import GeoIP
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Each condition type of a redirect rule against visits made by hand: what holds and what not.
@Suite("Rule conditions")
struct RuleConditionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The condition read from its JSON, as the API reads it.
    static func condition(_ json: String) throws -> RuleCondition {
        try RuleJSON.condition(try JSONParser().parse(json), at: "rules[0].when[0]")
    }

    static func visit(
        agent: String = Agents.desktop, languages: String? = nil, country: String? = nil, address: String? = nil,
        query: [(String, String)] = [], now: Date = now
    ) -> RuleVisit {
        RuleVisit(
            client: ClientInfo(userAgent: agent), languages: AcceptLanguage.tags(languages), country: country,
            address: address.flatMap { IPAddress($0) }, query: query.map { (name: $0.0, value: $0.1) }, now: now)
    }

    @Test(
        "device conditions hold for the devices they name",
        arguments: [
            (#"{"device": "ios"}"#, Agents.iPhone, true), (#"{"device": "ios"}"#, Agents.iPad, true),
            (#"{"device": "ipad"}"#, Agents.iPad, true), (#"{"device": "ipad"}"#, Agents.iPhone, false),
            (#"{"device": "android"}"#, Agents.android, true), (#"{"device": "android"}"#, Agents.iPhone, false),
            (#"{"device": "mobile"}"#, Agents.android, true), (#"{"device": "mobile"}"#, Agents.desktop, false),
            (#"{"device": "desktop"}"#, Agents.desktop, true), (#"{"device": "macos"}"#, Agents.desktop, true),
            (#"{"device": "windows"}"#, Agents.desktop, false), (#"{"device": "linux"}"#, Agents.android, false),
            (#"{"device": ["windows", "android"]}"#, Agents.android, true),
        ])
    func device(json: String, agent: String, holds: Bool) throws {
        #expect(try Self.condition(json).holds(for: Self.visit(agent: agent)) == holds)
    }

    @Test(
        "browser conditions read the browser family",
        arguments: [
            (#"{"browser": "chrome"}"#, Agents.desktop, true), (#"{"browser": "safari"}"#, Agents.iPhone, true),
            (#"{"browser": "safari"}"#, Agents.desktop, false),
            (
                #"{"browser": ["edge", "firefox"]}"#,
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", true
            ),
            (
                #"{"browser": "samsung"}"#,
                "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
                true
            ),
        ])
    func browser(json: String, agent: String, holds: Bool) throws {
        #expect(try Self.condition(json).holds(for: Self.visit(agent: agent)) == holds)
    }

    @Test(
        "language conditions: qualities above 0 count, es holds for es-ES, es-ES only for es-ES, any case",
        arguments: [
            (#"{"language": "de"}"#, "de-CH, fr;q=0.8", true),
            (#"{"language": "fr"}"#, "de-CH, fr;q=0.8", true),
            (#"{"language": "fr"}"#, "de-CH, fr;q=0", false),
            (#"{"language": "es"}"#, "es-ES", true),
            (#"{"language": "es-ES"}"#, "es-es;q=0.5", true),
            (#"{"language": "es-ES"}"#, "es", false),
            (#"{"language": "es-ES"}"#, "es-MX", false),
            (#"{"language": "e"}"#, "es", false),
            (#"{"language": "de"}"#, "*", false),
            (#"{"language": ["it", "DE"]}"#, "en-US,de;q=0.1", true),
        ])
    func language(json: String, header: String, holds: Bool) throws {
        #expect(try Self.condition(json).holds(for: Self.visit(languages: header)) == holds)
    }

    @Test("a visit without Accept-Language meets no language condition")
    func noLanguage() throws {
        #expect(try !Self.condition(#"{"language": "en"}"#).holds(for: Self.visit()))
    }

    @Test("country conditions hold only when the country is known and listed")
    func country() throws {
        let condition = try Self.condition(#"{"country": ["DE", "at"]}"#)
        #expect(condition == .country(["DE", "AT"]))
        #expect(condition.holds(for: Self.visit(country: "AT")))
        #expect(!condition.holds(for: Self.visit(country: "CH")))
        #expect(!condition.holds(for: Self.visit(country: nil)))
    }

    @Test(
        "query conditions: present, equals, valueless",
        arguments: [
            (#"{"query": "ref"}"#, [("ref", "newsletter")], true),
            (#"{"query": "ref"}"#, [("ref", "")], true),
            (#"{"query": "ref"}"#, [("other", "x")], false),
            (#"{"query": "ref", "equals": "newsletter"}"#, [("ref", "newsletter")], true),
            (#"{"query": "ref", "equals": "newsletter"}"#, [("ref", "Newsletter")], false),
            (#"{"query": "ref", "equals": "newsletter"}"#, [], false),
            (#"{"query": "preview", "valueless": true}"#, [("preview", "")], true),
            (#"{"query": "preview", "valueless": true}"#, [("preview", "1")], false),
        ])
    func query(json: String, query: [(String, String)], holds: Bool) throws {
        #expect(try Self.condition(json).holds(for: Self.visit(query: query)) == holds)
    }

    @Test(
        "ip conditions: single addresses and CIDR networks, IPv4 and IPv6",
        arguments: [
            (#"{"ip": "203.0.113.7"}"#, "203.0.113.7", true),
            (#"{"ip": "203.0.113.7"}"#, "203.0.113.8", false),
            (#"{"ip": "203.0.113.0/24"}"#, "203.0.113.200", true),
            (#"{"ip": "203.0.113.0/24"}"#, "203.0.114.1", false),
            (#"{"ip": "10.0.0.0/9"}"#, "10.127.255.255", true),
            (#"{"ip": "10.0.0.0/9"}"#, "10.128.0.0", false),
            (#"{"ip": "0.0.0.0/0"}"#, "192.0.2.1", true),
            (#"{"ip": "2001:db8::/32"}"#, "2001:db8:1::5", true),
            (#"{"ip": "2001:db8::/32"}"#, "2001:db9::5", false),
            (#"{"ip": "2001:db8::1"}"#, "2001:0db8:0:0:0:0:0:1", true),
            (#"{"ip": "203.0.113.0/24"}"#, "::ffff:203.0.113.9", true),
            (#"{"ip": "2001:db8::/32"}"#, "203.0.113.9", false),
            (#"{"ip": ["198.51.100.1", "2001:db8::/32"]}"#, "198.51.100.1", true),
        ])
    func ip(json: String, address: String, holds: Bool) throws {
        #expect(try Self.condition(json).holds(for: Self.visit(address: address)) == holds)
    }

    @Test("before holds until its time, after from its time on")
    func time() throws {
        let before = try Self.condition(#"{"before": "2027-01-15T08:00:00Z"}"#)
        let after = try Self.condition(#"{"after": "2027-01-15T08:00:00Z"}"#)
        let moment = try #require(ISO8601.date(from: "2027-01-15T08:00:00Z"))
        #expect(before.holds(for: Self.visit(now: moment.addingTimeInterval(-1))))
        #expect(!before.holds(for: Self.visit(now: moment)))
        #expect(after.holds(for: Self.visit(now: moment)))
        #expect(!after.holds(for: Self.visit(now: moment.addingTimeInterval(-1))))
    }

    @Test("the first rule whose conditions all hold wins")
    func firstMatch() throws {
        let rules = try RuleJSON.rules(
            JSONParser().parse(
                #"""
                [
                  {"name": "android in DE", "when": [{"device": "android"}, {"country": "DE"}], "destination": "https://a"},
                  {"name": "android", "when": [{"device": "android"}], "destination": "https://b"},
                  {"name": "also android", "when": [{"device": "mobile"}], "destination": "https://c"}
                ]
                """#))
        #expect(rules.firstMatch(for: Self.visit(agent: Agents.android, country: "DE"))?.index == 0)
        #expect(rules.firstMatch(for: Self.visit(agent: Agents.android, country: "FR"))?.index == 1)
        #expect(rules.firstMatch(for: Self.visit(agent: Agents.iPhone))?.index == 2)
        #expect(rules.firstMatch(for: Self.visit(agent: Agents.desktop)) == nil)
    }

    @Test("rules read back from their JSON exactly, the stored form too")
    func roundTrip() throws {
        let json = #"""
            [{"name": "All", "when": [{"device": ["ios", "android"]}, {"browser": "chrome"}, {"language": "es-es"},
              {"country": "DE"}, {"query": "ref", "equals": "x"}, {"query": "p", "valueless": true}, {"query": "q"},
              {"ip": ["203.0.113.0/24", "2001:db8::/32"]}, {"before": "2027-01-01T00:00:00Z"},
              {"after": "2026-01-01T00:00:00Z"}], "destination": "https://www.stories.example.com/x",
              "fallbacks": {"android": "https://www.stories.example.com/a"}}]
            """#
        let rules = try RuleJSON.rules(JSONParser().parse(json))
        #expect(try RuleJSON.rules(JSONParser().parse(RuleJSON.node(rules).jsonText(style: .compact))) == rules)
        #expect(RuleJSON.rules(storedText: RuleJSON.storedText(rules)) == rules)
        #expect(rules[0].conditions.count == 10)
    }

    @Test("Accept-Language: tags with their qualities, lowercased, zero qualities and * left out")
    func acceptLanguage() {
        #expect(AcceptLanguage.tags("de-CH, fr;q=0.8, en;q=0, *;q=0.1") == ["de-ch", "fr"])
        #expect(AcceptLanguage.tags(nil) == [])
        #expect(AcceptLanguage.tags(" ,;q=1") == [])
    }

    @Test("an ip condition's IPv4-mapped address is its IPv4 address; with a length it is refused")
    func mappedCondition() throws {
        let mapped = try #require(IPRange("::ffff:203.0.113.7"))
        #expect(mapped.contains(try #require(IPAddress("203.0.113.7"))))
        #expect(mapped.contains(try #require(IPAddress("::ffff:203.0.113.7"))))
        #expect(!mapped.contains(try #require(IPAddress("203.0.113.8"))))
        #expect(mapped.text == "::ffff:203.0.113.7")
        for text in ["::ffff:203.0.113.0/120", "::ffff:203.0.113.0/24", "::ffff:203.0.113.7/128"] {
            #expect(IPRange(text) == nil, "\(text)")
        }
    }

    @Test(
        "IP text the strictest of the old parsers refused is refused",
        arguments: ["::+1", "+1::/16", "::ffff:01.2.3.4", "[::1]", "[2001:db8::]/32", "fe80::/10%eth0", "::0x1"])
    func strictAddresses(text: String) {
        #expect(IPRange(text) == nil)
    }

    @Test(
        "IP text that is no address is refused",
        arguments: [
            "", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.4/33", "::/129", "2001:db8:::1",
            "1:2:3:4:5:6:7:8:9",
            "g::1", "1.2.3.4/", "1.2.3.4/-1", "fe80::1%eth0",
        ])
    func badAddresses(text: String) {
        #expect(IPRange(text) == nil)
    }
}
