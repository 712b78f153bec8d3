import DeepLinkRouting
import Foundation
import Testing

/// Finding a deferred deep link's claim on first launch: only on the app's own domains.
@Suite("Deferred link claims")
struct DeferredLinkClaimTests {
    static let manifest: Manifest = {
        let data = ManifestTests.variant { object in
            object["iconURL"] = "https://cdn.example.com/icon.png"
        }
        guard let manifest = Manifest.decode(data).manifest else { fatalError("the test manifest does not load") }
        return manifest
    }()

    static let token = "AQAAAAFnXzMTZ2CEkzE4Q2VkNmItMGUzZi00ZGMx"

    @Test("a claim URL on one of the app's domains is found in pasteboard text, whatever the host's case")
    func pasteboard() {
        for text in [
            "https://example.com/spring?wf_claim=\(Self.token)",
            "Look at this: HTTPS://Share.Example.com/spring?utm_source=x&wf_claim=\(Self.token) (from Anna)",
            "\"https://example.com/spring?wf_claim=\(Self.token)\"",
        ] {
            let claim = DeferredLinkClaim.inText(text, manifest: Self.manifest)
            #expect(claim?.token == Self.token, "\(text)")
            #expect(claim.map { Self.manifest.domains.contains($0.domain) } == true)
        }
    }

    @Test("a stranger's URL, an http URL, a URL without a token or with a malformed one is ignored")
    func strangersIgnored() {
        for text in [
            "https://evil.example.net/spring?wf_claim=\(Self.token)",
            "https://example.com.evil.net/spring?wf_claim=\(Self.token)",
            "https://user@evil.net/?x=https://example.com/&wf_claim=\(Self.token)",
            "http://example.com/spring?wf_claim=\(Self.token)",
            "https://example.com/spring",
            "https://example.com/spring?wf_claim=short",
            "https://example.com/spring?wf_claim=has%20space%20inside%20it%20ok",
            "",
            "example.com/spring?wf_claim=\(Self.token)",
        ] {
            #expect(DeferredLinkClaim.inText(text, manifest: Self.manifest) == nil, "\(text)")
        }
    }

    @Test("the install referrer's wf_claim is claimed at the app's first domain")
    func installReferrer() {
        let referrer = "utm_source=wayfinder&wayfinder_link=5f0c&wf_claim=\(Self.token)"
        let claim = DeferredLinkClaim.inInstallReferrer(referrer, manifest: Self.manifest)
        #expect(claim?.token == Self.token)
        #expect(claim?.domain == "example.com")
        #expect(
            DeferredLinkClaim.inInstallReferrer("utm_source=google-play&utm_medium=organic", manifest: Self.manifest)
                == nil)
        #expect(
            DeferredLinkClaim.inInstallReferrer(
                "https://share.example.com/x?wf_claim=\(Self.token)", manifest: Self.manifest)?.domain
                == "share.example.com")
    }

    @Test("the manifest's optional iconURL is read, and must be https")
    func iconURL() {
        #expect(Self.manifest.iconURL?.absoluteString == "https://cdn.example.com/icon.png")
        let plain = Manifest.decode(ManifestTests.variant { $0["iconURL"] = "http://cdn.example.com/icon.png" })
        #expect(plain.manifest == nil)
        #expect(plain.diagnostics.map(\.code) == ["invalid-icon-url"])
        #expect(Manifest.decode(ManifestTests.variant { _ in }).manifest?.iconURL == nil)
    }
}
