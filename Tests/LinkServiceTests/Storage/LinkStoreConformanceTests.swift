import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The behaviour every `LinkStore` must have, run against each store of `LinkStoreFactory.all`.
@Suite("LinkStore conformance")
struct LinkStoreConformanceTests {
    static func makeLink(
        tenant: String = "storyteller", slug: String, destination: String = "https://stories.example.com/story/42"
    ) -> Link {
        let now = Date().truncatedToMilliseconds
        return Link(
            id: UUID().uuidString.lowercased(), tenant: tenant, domain: "stories.example.com", slug: slug,
            content: LinkContent(
                destination: destination,
                social: SocialCard(title: "A story", description: "Read it", imageURL: "https://cdn.example.com/a.png"),
                fallbacks: Fallbacks(
                    ios: "https://apps.apple.com/app/id1", android: nil, desktop: "https://www.stories.example.com/"),
                skipPreview: true, utm: UTMParameters(source: "newsletter", campaign: "spring"),
                expiresAt: Date(timeIntervalSince1970: 2_000_000_000.123)),
            createdAt: now, updatedAt: now)
    }

    @Test("a link reads back exactly as it was inserted", arguments: LinkStoreFactory.all)
    func insertAndRead(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = Self.makeLink(slug: "spring")
            #expect(try await store.insertLink(link) == .inserted(link))
            #expect(try await store.link(tenant: "storyteller", slug: "spring") == link)
        }
    }

    @Test("a taken slug reports the existing link and writes nothing", arguments: LinkStoreFactory.all)
    func slugTaken(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let first = Self.makeLink(slug: "taken")
            _ = try await store.insertLink(first)
            let second = Self.makeLink(slug: "taken", destination: "https://stories.example.com/story/7")
            #expect(try await store.insertLink(second) == .slugTaken(existing: first))
            #expect(try await store.link(tenant: "storyteller", slug: "taken") == first)
        }
    }

    @Test("slugs are per tenant and reads never cross tenants", arguments: LinkStoreFactory.all)
    func tenantsApart(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let mine = Self.makeLink(tenant: "a", slug: "same")
            let theirs = Self.makeLink(tenant: "b", slug: "same")
            #expect(try await store.insertLink(mine) == .inserted(mine))
            #expect(try await store.insertLink(theirs) == .inserted(theirs))
            #expect(try await store.link(tenant: "a", slug: "same")?.id == mine.id)
            #expect(try await store.links(tenant: "a", after: nil, limit: 10).links.map(\.id) == [mine.id])
            #expect(try await store.deleteLink(tenant: "c", slug: "same") == false)
            var changed = theirs
            changed.tenant = "c"
            #expect(try await store.updateLink(changed) == false)
            try await store.insertClicks([Click(linkID: theirs.id, tenant: "b", time: Date(), platform: .ios)])
            #expect(try await store.stats(tenant: "a", linkID: theirs.id) == LinkStats())
            #expect(try await store.stats(tenant: "b", linkID: theirs.id).clicks == 1)
        }
    }

    @Test("update replaces the content and delete removes the link", arguments: LinkStoreFactory.all)
    func updateAndDelete(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var link = Self.makeLink(slug: "edit")
            _ = try await store.insertLink(link)
            link.content.destination = "https://stories.example.com/story/99"
            link.content.social = nil
            link.content.expiresAt = nil
            link.updatedAt = Date().truncatedToMilliseconds
            #expect(try await store.updateLink(link))
            #expect(try await store.link(tenant: "storyteller", slug: "edit") == link)
            #expect(try await store.deleteLink(tenant: "storyteller", slug: "edit"))
            #expect(try await store.link(tenant: "storyteller", slug: "edit") == nil)
            #expect(try await store.deleteLink(tenant: "storyteller", slug: "edit") == false)
        }
    }

    @Test("cursor pagination visits every link once, in creation order", arguments: LinkStoreFactory.all)
    func pagination(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var slugs: [String] = []
            for index in 0..<7 {
                slugs.append("s\(index)")
                _ = try await store.insertLink(Self.makeLink(slug: "s\(index)"))
            }
            var seen: [String] = []
            var cursor: String? = nil
            repeat {
                let page = try await store.links(tenant: "storyteller", after: cursor, limit: 3)
                #expect(page.links.count <= 3)
                seen += page.links.map(\.slug)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == slugs)
            await #expect(throws: LinkStoreError.invalidCursor("nonsense")) {
                try await store.links(tenant: "storyteller", after: "nonsense", limit: 3)
            }
        }
    }

    @Test("API keys are found by hash, listed per tenant and revoked by prefix", arguments: LinkStoreFactory.all)
    func apiKeys(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let created = Date(millisecondsSince1970: 1_700_000_000_000)
            let a = APIKeyRecord(
                prefix: "wf_aaaaaaaa", hash: String(repeating: "a", count: 64), tenant: "a", createdAt: created)
            let b = APIKeyRecord(
                prefix: "wf_bbbbbbbb", hash: String(repeating: "b", count: 64), tenant: "b", createdAt: created)
            try await store.insertAPIKey(a)
            try await store.insertAPIKey(b)
            #expect(try await store.apiKey(hash: a.hash) == a)
            #expect(try await store.apiKey(hash: String(repeating: "c", count: 64)) == nil)
            #expect(try await store.apiKeys(tenant: "b") == [b])
            #expect(try await store.apiKeys(tenant: nil).count == 2)
            let revokedAt = Date(millisecondsSince1970: 1_800_000_000_000)
            #expect(try await store.revokeAPIKeys(prefix: "wf_aaaaaaaa", at: revokedAt) == 1)
            #expect(try await store.revokeAPIKeys(prefix: "wf_aaaaaaaa", at: revokedAt) == 0)
            #expect(try await store.apiKey(hash: a.hash)?.revokedAt == revokedAt)
            #expect(try await store.apiKey(hash: b.hash)?.revokedAt == nil)
        }
    }

    @Test("stats count people by day, platform and referrer, and bots apart", arguments: LinkStoreFactory.all)
    func stats(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = Self.makeLink(slug: "counted")
            _ = try await store.insertLink(link)
            let day1 = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
            let day2 = day1.addingTimeInterval(86_400 + 30)
            var clicks: [Click] = []
            for _ in 0..<60 {
                clicks.append(
                    Click(
                        linkID: link.id, tenant: "storyteller", time: day1, platform: .ios, referrerHost: "facebook.com"
                    ))
            }
            for _ in 0..<3 {
                clicks.append(Click(linkID: link.id, tenant: "storyteller", time: day2, platform: .android))
            }
            clicks.append(Click(linkID: link.id, tenant: "storyteller", time: day2, platform: .other, isBot: true))
            clicks.append(Click(linkID: nil, tenant: "storyteller", time: day2, platform: .desktop))
            try await store.insertClicks(Array(clicks.prefix(30)))
            try await store.insertClicks(Array(clicks.dropFirst(30)))
            let stats = try await store.stats(tenant: "storyteller", linkID: link.id)
            #expect(stats.clicks == 63)
            #expect(stats.botClicks == 1)
            #expect(stats.byDay == ["2025-01-01": 60, "2025-01-02": 3])
            #expect(stats.byPlatform == ["ios": 60, "android": 3])
            #expect(stats.byReferrer == ["facebook.com": 60, LinkStats.directReferrer: 3])
            #expect(try await store.clickCount(tenant: "storyteller") == 65)
        }
    }

    @Test(
        "creations of one slug at once: exactly one is stored, the others see it taken", arguments: LinkStoreFactory.all
    )
    func concurrentCreations(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let results = try await withThrowingTaskGroup(of: LinkInsertion.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await store.insertLink(
                            Self.makeLink(slug: "race", destination: "https://stories.example.com/story/\(index)"))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let inserted = results.compactMap { result -> Link? in
                if case .inserted(let link) = result { return link }
                return nil
            }
            try #require(inserted.count == 1)
            #expect(results.allSatisfy { $0 == .inserted(inserted[0]) || $0 == .slugTaken(existing: inserted[0]) })
            #expect(try await store.link(tenant: "storyteller", slug: "race") == inserted[0])
        }
    }

    @Test("a batch of thousands of clicks is stored whole", arguments: LinkStoreFactory.all)
    func largeClickBatch(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let link = Self.makeLink(slug: "popular")
            _ = try await store.insertLink(link)
            let time = Date(timeIntervalSince1970: 1_735_689_600)
            let clicks = (0..<2_500).map { index in
                Click(
                    linkID: link.id, tenant: "storyteller", time: time, platform: index % 2 == 0 ? .ios : .android,
                    referrerHost: "r\(index % 7).example")
            }
            try await store.insertClicks(clicks)
            let stats = try await store.stats(tenant: "storyteller", linkID: link.id)
            #expect(stats.clicks == 2_500)
            #expect(stats.byPlatform == ["ios": 1_250, "android": 1_250])
            #expect(stats.byReferrer.count == 7)
            #expect(try await store.clickCount(tenant: "storyteller") == 2_500)
        }
    }

    @Test("migrations run once: migrating again changes nothing", arguments: LinkStoreFactory.all)
    func migrateTwice(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = Self.makeLink(slug: "kept")
            _ = try await store.insertLink(link)
            try await store.migrate()
            #expect(try await store.link(tenant: "storyteller", slug: "kept") == link)
        }
    }

    @Test("console sessions are found by id hash, touched, ended, and swept when idle", arguments: LinkStoreFactory.all)
    func sessions(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let start = Date(millisecondsSince1970: 1_700_000_000_000)
            let session = ConsoleSession(
                idHash: String(repeating: "1", count: 64), tenant: "storyteller",
                keyHash: String(repeating: "a", count: 64), csrfToken: "token-1", createdAt: start, lastUsedAt: start)
            let other = ConsoleSession(
                idHash: String(repeating: "2", count: 64), tenant: "chat", keyHash: String(repeating: "b", count: 64),
                csrfToken: "token-2", createdAt: start, lastUsedAt: start.addingTimeInterval(600))
            try await store.insertSession(session)
            try await store.insertSession(other)
            #expect(try await store.session(idHash: session.idHash) == session)
            #expect(try await store.session(idHash: String(repeating: "3", count: 64)) == nil)

            let later = start.addingTimeInterval(900)
            try await store.touchSession(idHash: session.idHash, at: later)
            #expect(try await store.session(idHash: session.idHash)?.lastUsedAt == later)
            // A late, older touch (another instance's) never moves the last use back.
            try await store.touchSession(idHash: session.idHash, at: start)
            #expect(try await store.session(idHash: session.idHash)?.lastUsedAt == later)

            #expect(try await store.deleteSessions(lastUsedBefore: start.addingTimeInterval(700)) == 1)
            #expect(try await store.session(idHash: other.idHash) == nil)
            #expect(try await store.deleteSession(idHash: session.idHash))
            #expect(try await store.deleteSession(idHash: session.idHash) == false)
            #expect(try await store.session(idHash: session.idHash) == nil)
        }
    }

    /// The slugs of the first ten of storyteller's links that a search for `text` finds.
    static func slugs(in store: any LinkRecords, matching text: String) async throws -> [String] {
        try await store.searchLinks(tenant: "storyteller", matching: text, before: nil, limit: 10).links.map(\.slug)
    }

    @Test(
        "search finds a tenant's links by slug, destination or title, newest first, in pages",
        arguments: LinkStoreFactory.all)
    func search(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            for index in 0..<5 {
                var link = Self.makeLink(slug: "s\(index)", destination: "https://stories.example.com/story/\(index)")
                link.content.social = SocialCard(title: index == 3 ? "100% Summer_Sale" : "Story \(index)")
                _ = try await store.insertLink(link)
            }
            _ = try await store.insertLink(Self.makeLink(tenant: "other", slug: "s9"))
            var seen: [String] = []
            var cursor: String? = nil
            repeat {
                let page = try await store.searchLinks(tenant: "storyteller", matching: "", before: cursor, limit: 2)
                #expect(page.links.count <= 2)
                seen += page.links.map(\.slug)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == ["s4", "s3", "s2", "s1", "s0"])
            func slugs(_ text: String) async throws -> [String] { try await Self.slugs(in: store, matching: text) }
            #expect(try await slugs("S2") == ["s2"])
            #expect(try await slugs("story/1") == ["s1"])
            #expect(try await slugs("summer") == ["s3"])
            // What people type is matched as written, not as a pattern.
            #expect(try await slugs("100%") == ["s3"])
            #expect(try await slugs("_sale") == ["s3"])
            #expect(try await slugs("%") == ["s3"])
            #expect(try await slugs("s9").isEmpty)
            await #expect(throws: LinkStoreError.invalidCursor("nonsense")) {
                try await store.searchLinks(tenant: "storyteller", matching: "", before: "nonsense", limit: 3)
            }
        }
    }

    @Test(
        "search folds case beyond ASCII, alike on every store: \"über\" finds \"Über uns\"",
        arguments: LinkStoreFactory.all)
    func searchFoldsUnicodeCase(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var about = Self.makeLink(slug: "about")
            about.content.social = SocialCard(title: "Über uns")
            _ = try await store.insertLink(about)
            _ = try await store.insertLink(Self.makeLink(slug: "Café-Menü"))
            _ = try await store.insertLink(
                Self.makeLink(slug: "greek", destination: "https://stories.example.com/ΣΕΛΙΔΑ"))
            func slugs(_ text: String) async throws -> [String] { try await Self.slugs(in: store, matching: text) }
            #expect(try await slugs("über") == ["about"])
            #expect(try await slugs("ÜBER UNS") == ["about"])
            #expect(try await slugs("café-menü") == ["Café-Menü"])
            #expect(try await slugs("CAFÉ") == ["Café-Menü"])
            #expect(try await slugs("σελιδα") == ["greek"])
        }
    }
}

// MARK: Deferred deep links

extension LinkStoreConformanceTests {
    @Test(
        "the first claim secret is created once; a rotation retires the previous one and forgets older ones",
        arguments: LinkStoreFactory.all)
    func claimSecrets(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            #expect(try await store.claimSecrets() == [])
            let first = ClaimSecret.random(keyID: 1)
            #expect(try await store.insertClaimSecret(first))
            // Another instance starting at the same time loses the race and reads the winner's.
            #expect(try await store.insertClaimSecret(.random(keyID: 1)) == false)
            #expect(try await store.claimSecrets() == [first])

            let second = try await store.rotateClaimSecret()
            #expect(second.keyID == 2)
            var secrets = try await store.claimSecrets()
            #expect(secrets.map(\.keyID) == [1, 2])
            #expect(secrets[0].secret == first.secret)
            #expect(secrets[0].retiredAt == second.createdAt)
            #expect(secrets[1].retiredAt == nil)

            let third = try await store.rotateClaimSecret()
            secrets = try await store.claimSecrets()
            #expect(secrets.map(\.keyID) == [2, 3])
            #expect(secrets[1].secret == third.secret)
            #expect(secrets[0].retiredAt == third.createdAt)
        }
    }

    @Test("a claim token is recorded once: the second claim of its nonce is refused", arguments: LinkStoreFactory.all)
    func claimsAreSingleUse(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = Self.makeLink(slug: "claimed")
            _ = try await store.insertLink(link)
            let claim = DeferredClaim(
                nonce: "00112233445566778899aabbccddeeff", tenant: "storyteller", linkID: link.id,
                claimedAt: Date().truncatedToMilliseconds)
            #expect(try await store.recordClaim(claim))
            #expect(try await store.recordClaim(claim) == false)
            var other = claim
            other.nonce = "ffeeddccbbaa99887766554433221100"
            #expect(try await store.recordClaim(other))
            #expect(try await store.deferredFunnel(tenant: "storyteller", linkID: link.id).claimed == 2)
        }
    }

    @Test(
        "issued tokens travel with the click batches; the funnel counts them and the claims, for the link's tenant only",
        arguments: LinkStoreFactory.all)
    func deferredFunnel(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = Self.makeLink(slug: "funnel")
            _ = try await store.insertLink(link)
            let day = Date(timeIntervalSince1970: 1_735_689_600)
            func click(_ issued: Bool, _ time: Date = day) -> Click {
                Click(linkID: link.id, tenant: "storyteller", time: time, platform: .android, claimIssued: issued)
            }
            try await store.insertClicks([click(true), click(false), click(true)])
            try await store.insertClicks([click(true, day.addingTimeInterval(86_400)), click(false)])
            _ = try await store.recordClaim(
                DeferredClaim(nonce: "aa", tenant: "storyteller", linkID: link.id, claimedAt: day))
            #expect(
                try await store.deferredFunnel(tenant: "storyteller", linkID: link.id)
                    == DeferredFunnel(issued: 3, claimed: 1))
            let stats = try await store.stats(tenant: "storyteller", linkID: link.id)
            #expect(stats.clicks == 5)
            #expect(stats.deferred == DeferredFunnel(issued: 3, claimed: 1))
            #expect(try await store.deferredFunnel(tenant: "elsewhere", linkID: link.id) == DeferredFunnel())

            #expect(try await store.deleteLink(tenant: "storyteller", slug: "funnel"))
            #expect(try await store.deferredFunnel(tenant: "storyteller", linkID: link.id) == DeferredFunnel())
        }
    }
}
