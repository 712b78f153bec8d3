import DeepLinkRouting
import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Claim tokens: the platform they were issued to")
struct ClaimTokenTests {
    static let secret = Array(repeating: UInt8(7), count: 32)

    static func roundTrip(_ token: ClaimToken) throws -> ClaimToken {
        let text = token.signed(with: secret, tenant: "t")
        let parsed = try #require(ClaimToken.parse(text))
        #expect(ClaimToken.verify(payload: parsed.payload, mac: parsed.mac, secret: secret, tenant: "t"))
        return parsed.token
    }

    @Test("a new token carries the platform it was issued to, signed with the rest")
    func platformTravels() throws {
        for platform in [Platform.android, .ios] {
            let token = ClaimToken(
                keyID: 1, linkID: "l1", slug: "spring", platform: platform, now: Date(), lifetime: .seconds(60))
            let read = try Self.roundTrip(token)
            #expect(read == token)
            #expect(read.platform == platform)
        }
    }

    @Test("a version-1 token, issued before tokens named their platform, is still read, without one")
    func versionOneIsRead() throws {
        let old = ClaimToken(
            keyID: 1, issuedAt: 100, expiresAt: 200, platform: nil, nonce: Array(repeating: 1, count: 16),
            linkID: "l1", slug: "spring")
        let text = old.signed(with: Self.secret, tenant: "t")
        #expect(Base64URL.decode(text)?.first == 1)
        #expect(try Self.roundTrip(old).platform == nil)
    }

    @Test("a token whose platform byte names no platform is not a token")
    func unknownPlatformByte() throws {
        let token = ClaimToken(
            keyID: 1, linkID: "l1", slug: "spring", platform: .ios, now: Date(), lifetime: .seconds(60))
        var bytes = try #require(Base64URL.decode(token.signed(with: Self.secret, tenant: "t")))
        bytes[13] = 9
        #expect(ClaimToken.parse(Base64URL.encode(bytes)) == nil)
    }

    @Test("a token carries the rule or variant that decided the visit, signed with the rest")
    func choiceTravels() throws {
        for choice in [VisitChoice.rule(3), .variant(1), nil] {
            let token = ClaimToken(
                keyID: 1, linkID: "l1", slug: "spring", platform: .android, choice: choice, now: Date(),
                lifetime: .seconds(60))
            #expect(try Self.roundTrip(token).choice == choice)
        }
    }

    @Test("a version-2 token, issued before tokens named a rule or variant, is still read, without one")
    func versionTwoIsRead() throws {
        let token = ClaimToken(
            keyID: 1, issuedAt: 100, expiresAt: 200, platform: .ios, nonce: Array(repeating: 1, count: 16),
            linkID: "l1", slug: "spring", choice: .variant(1))
        let current = try #require(Base64URL.decode(token.signed(with: Self.secret, tenant: "t")))
        // Version 2's layout: no choice bytes after the platform byte.
        var payload = Array(current.dropLast(ClaimToken.macLength))
        payload[0] = 2
        payload.removeSubrange(14..<16)
        let text = Base64URL.encode(payload + ClaimToken.mac(of: payload, secret: Self.secret, tenant: "t"))
        let read = try #require(ClaimToken.parse(text))
        #expect(ClaimToken.verify(payload: read.payload, mac: read.mac, secret: Self.secret, tenant: "t"))
        #expect(read.token.platform == .ios)
        #expect(read.token.choice == nil)
        #expect(read.token.slug == "spring")
    }

    @Test("a MAC keyed once per secret signs every token as a MAC keyed per token did, and tokens it signed verify")
    func macKeyedOnceSignsAsBefore() throws {
        let mac = ClaimMAC(secret: Self.secret)
        for index in 0..<3 {
            let token = ClaimToken(
                keyID: 1, linkID: "l\(index)", slug: "s\(index)", platform: .android, now: Date(),
                lifetime: .seconds(60))
            let text = token.signed(with: mac, tenant: "tenant-\(index)")
            #expect(text == token.signed(with: Self.secret, tenant: "tenant-\(index)"))
            let parsed = try #require(ClaimToken.parse(text))
            #expect(
                ClaimToken.verify(
                    payload: parsed.payload, mac: parsed.mac, secret: Self.secret, tenant: "tenant-\(index)"))
            #expect(!ClaimToken.verify(payload: parsed.payload, mac: parsed.mac, secret: Self.secret, tenant: "other"))
        }
    }

    @Test("a token joined to a link's Play Store URL reads exactly as the URL built with the token")
    func playStoreURLWithTokenMatchesFullBuild() throws {
        let manifest = try Manifest(
            json: Array(
                #"""
                {"id": "t", "android": {"package": "com.example.app", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
                 "domains": ["go.example.com"], "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
                """#.utf8))
        let tenant = try Tenant.make(from: manifest)
        let token = ClaimToken(
            keyID: 1, linkID: "l1", slug: "spring", platform: .android, now: Date(), lifetime: .seconds(60)
        ).signed(with: Self.secret, tenant: "t")
        for (campaign, gclid) in [
            (UTMParameters(), nil), (UTMParameters(source: "news letter", campaign: "a&b=c"), "g-1/2"),
        ] {
            let plain = try #require(
                tenant.playStoreURL(linkID: "link 1", campaign: campaign, gclid: gclid))
            #expect(
                Tenant.playStoreURL(plain, claimToken: token)
                    == tenant.playStoreURL(linkID: "link 1", campaign: campaign, gclid: gclid, claimToken: token))
        }
    }
}
