import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app's client of a Wayfinder link service: create short links on the device, resolve the
/// short link that opened the app, claim the deferred link of a first launch, and report what
/// happened after the click.
///
/// ```swift
/// let wayfinder = WayfinderClient(serverURL: URL(string: "https://share.stories.example.com")!,
///                                 appKey: "wf_...")
/// let resolved = try await wayfinder.resolve(openedURL)
/// await router.open(resolved.destination)
/// _ = try await wayfinder.send(AppEvent(.open, clickID: resolved.clickID))
/// ```
///
/// `serverURL` is one of the tenant's domains: a claim's tenant is the one of the domain it is
/// sent to. Only creating links and sending events need a key, and an app ships a key with the
/// `app` scope (`wayfinder keys create --scope app`), which can do nothing else. Every call throws
/// ``WayfinderClientError``. The calls are the service's OpenAPI operations, through code that
/// swift-openapi-generator made from the document the service serves (committed with the package;
/// no generator runs when an app builds).
public struct WayfinderClient: Sendable {
    /// The service's address: `https://` and one of the tenant's domains.
    public let serverURL: URL
    let client: Client

    /// A client of the service at `serverURL`, sending `appKey` when a call needs a key, over
    /// `session`.
    public init(serverURL: URL, appKey: String? = nil, session: URLSession = .shared) {
        self.serverURL = serverURL
        self.client = Client(
            serverURL: serverURL,
            // The service writes times with milliseconds (`2027-01-15T08:00:00.123Z`).
            configuration: Configuration(dateTranscoder: .iso8601WithFractionalSeconds),
            transport: URLSessionTransport(configuration: .init(session: session)),
            middlewares: [AppKeyMiddleware(key: appKey)]
        )
    }

    /// The generated client's call, its errors as ``WayfinderClientError``s.
    func perform<Output: Sendable>(_ call: () async throws -> Output) async throws(WayfinderClientError) -> Output {
        do {
            return try await call()
        } catch let error as WayfinderClientError {
            throw error
        } catch let error as ClientError {
            // An answer that did not decode, or no answer at all.
            if let response = error.response {
                throw .unexpectedAnswer(status: response.status.code, underlyingError: error.underlyingError)
            }
            throw WayfinderClientError(code: .unreachable, underlyingError: error.underlyingError)
        } catch {
            throw WayfinderClientError(code: .unreachable, underlyingError: error)
        }
    }
}
