import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Deferred deep links on the app's first launch: finds the claim token the link service gave
/// the person before the install, claims it, and opens the link's destination through the router.
///
/// ```swift
/// let claimer = DeferredLinkClaimer(manifest: manifest)
/// // iOS: the text a UIPasteControl delivered. Android: the Play Install Referrer string.
/// let result = await claimer.open(pasteboardText: text, with: router)
/// ```
///
/// Only a URL on one of the manifest's own domains is claimed (see ``DeferredLinkClaim``), with
/// `POST https://<domain>/api/v1/deferred/claims`. A claim can fail in many ways (expired, claimed
/// before, offline…): ``open(_:with:)`` never throws and gives up after ``timeout``, so the first
/// launch is never held up; ``claim(_:)`` throws a typed ``DeferredLinkError`` for apps that want
/// to tell the cases apart. The destination is opened as a ``DeepLink`` with source
/// ``DeepLink/Source/deferred``, through the filter, barriers and handlers like any other link.
public struct DeferredLinkClaimer: Sendable {
    /// What ``open(_:with:)`` did.
    public enum Result: Sendable {
        /// No claim token on one of the app's domains in the text: nothing was sent anywhere.
        case noClaim
        /// Claimed, and the destination given to the router, which answered `outcome`.
        case opened(ClaimedLink, DeepLinkOutcome)
        /// Found a token, but the claim failed.
        case failed(DeferredLinkError)
    }

    public let manifest: Manifest
    /// The longest a claim may take; then it fails with ``DeferredLinkError/timedOut``.
    public var timeout: Duration
    /// The service's base URL for a domain: `https://<domain>` (change it only to test against a
    /// local server).
    public var serviceURL: @Sendable (String) -> URL
    private let session: URLSession

    public init(
        manifest: Manifest, session: URLSession = .shared, timeout: Duration = .seconds(3),
        serviceURL: @escaping @Sendable (String) -> URL = { domain in
            URL(string: "https://\(domain)") ?? URL(fileURLWithPath: "/")
        }
    ) {
        self.manifest = manifest
        self.session = session
        self.timeout = timeout
        self.serviceURL = serviceURL
    }

    /// The claim in an Android install referrer (see ``DeferredLinkClaim/inInstallReferrer(_:manifest:)``).
    public func claim(inInstallReferrer referrer: String) -> DeferredLinkClaim? {
        DeferredLinkClaim.inInstallReferrer(referrer, manifest: manifest)
    }

    /// The claim in pasteboard text (see ``DeferredLinkClaim/inText(_:manifest:)``).
    public func claim(inPasteboardText text: String) -> DeferredLinkClaim? {
        DeferredLinkClaim.inText(text, manifest: manifest)
    }

    /// Finds a claim in an install referrer, claims it and opens it.
    public func open(installReferrer referrer: String, with router: Router) async -> Result {
        guard let claim = claim(inInstallReferrer: referrer) else { return .noClaim }
        return await open(claim, with: router)
    }

    /// Finds a claim in pasteboard text, claims it and opens it.
    public func open(pasteboardText text: String, with router: Router) async -> Result {
        guard let claim = claim(inPasteboardText: text) else { return .noClaim }
        return await open(claim, with: router)
    }

    /// Claims `claim` and gives the destination to `router`.
    public func open(_ claim: DeferredLinkClaim, with router: Router) async -> Result {
        let link: ClaimedLink
        do throws(DeferredLinkError) {
            link = try await self.claim(claim)
        } catch {
            return .failed(error)
        }
        do throws(DeepLinkError) {
            return .opened(link, await router.open(try DeepLink(url: link.destination, source: .deferred)))
        } catch {
            return .opened(link, .invalid(reason: error.reason))
        }
    }

    /// Claims the token: the link it was issued for, once. Throws within ``timeout``.
    public func claim(_ claim: DeferredLinkClaim) async throws(DeferredLinkError) -> ClaimedLink {
        var request = URLRequest(url: serviceURL(claim.domain).appendingPathComponent("api/v1/deferred/claims"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, application/problem+json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(#"{"token":"\#(claim.token)"}"#.utf8)
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = max(seconds, 0.001)
        let answer: (Data, URLResponse)
        do {
            answer = try await Self.withTimeout(timeout) { [session, request] in try await session.data(for: request) }
        } catch let error as DeferredLinkError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw .timedOut
        } catch {
            throw .offline
        }
        guard let response = answer.1 as? HTTPURLResponse else { throw .unexpectedResponse(status: 0) }
        return try Self.read(
            status: response.statusCode, body: answer.0, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }

    /// The claimed link from a `200`, or the error another status stands for.
    static func read(status: Int, body: Data, retryAfter: String?) throws(DeferredLinkError) -> ClaimedLink {
        struct Answer: Decodable {
            struct Link: Decodable {
                var id: String
                var slug: String
                var url: String
            }
            var destination: String
            var link: Link
            var match: String
            var clickedAt: String
        }
        struct Problem: Decodable {
            var type: String?
            var detail: String?
        }
        switch status {
        case 200:
            guard let answer = try? JSONDecoder().decode(Answer.self, from: body),
                let destination = URL(string: answer.destination), let shortURL = URL(string: answer.link.url)
            else { throw .unexpectedResponse(status: 0) }
            let clickedAt =
                (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(answer.clickedAt))
                ?? (try? Date.ISO8601FormatStyle().parse(answer.clickedAt)) ?? Date(timeIntervalSince1970: 0)
            return ClaimedLink(
                destination: destination, linkID: answer.link.id, slug: answer.link.slug, shortURL: shortURL,
                clickedAt: clickedAt)
        case 404:
            let problem = try? JSONDecoder().decode(Problem.self, from: body)
            throw problem?.type?.hasSuffix(":claim-expired") == true ? .expired : .notFound
        case 410: throw .alreadyClaimed
        case 429: throw .rateLimited(retryAfter: retryAfter.flatMap { Int($0) })
        case 400:
            throw .rejected((try? JSONDecoder().decode(Problem.self, from: body))?.detail ?? "bad request")
        default: throw .unexpectedResponse(status: status)
        }
    }

    /// Runs `body`, or throws ``DeferredLinkError/timedOut`` once `limit` has passed: the request
    /// is cancelled and not waited for (a networking stack slow to notice cannot hold the launch).
    private static func withTimeout<T: Sendable>(
        _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = await Race<Swift.Result<T, any Error>>().run(timeout: limit, clock: .continuous) {
            do {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .value(let result): return try result.get()
        case .timedOut, .superseded: throw DeferredLinkError.timedOut
        }
    }
}
