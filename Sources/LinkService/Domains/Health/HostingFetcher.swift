import AssociatedDomains
import AsyncHTTPClient
import DeepLinkRouting
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Fetches hosted association files over HTTPS exactly as a device would meet them: redirects
/// are never followed, TLS is verified (system roots or the given CA), and each request has its
/// own time limit. `wayfinder check` and the domain health checks (``DomainHealthChecker``) both
/// fetch with it.
package struct HostingFetcher: Sendable {
    /// Bodies are read up to this size; anything larger fails the 128 KB rule anyway.
    package static let readingLimit = 4 * 1024 * 1024

    private let client: HTTPClient
    /// The same client without certificate checks: when a handshake fails, trying it again with
    /// this one tells an untrusted certificate from a handshake that fails anyway.
    private let uncheckedClient: HTTPClient
    private let timeout: TimeAmount
    private let userAgent: String
    private let timeoutAdvice: String

    /// - Parameters:
    ///   - trustRoots: the only roots to trust, or `nil` for the system trust store.
    ///   - resolve: host names to connect to another address instead of what DNS says (the
    ///     certificate is still checked for the host name).
    ///   - userAgent: the `User-Agent` of every request, naming who asks.
    ///   - timeoutAdvice: how the time limit is raised, for the message of a request that ran out
    ///     of it.
    package init(
        trustRoots: [NIOSSLCertificate]?, timeout: TimeAmount, resolve: [String: String] = [:], userAgent: String,
        timeoutAdvice: String = "raise it with --timeout SECONDS"
    ) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let trustRoots { tls.trustRoots = .certificates(trustRoots) }
        var unchecked = tls
        unchecked.certificateVerification = .none
        self.client = Self.makeClient(tls: tls, timeout: timeout, resolve: resolve)
        self.uncheckedClient = Self.makeClient(tls: unchecked, timeout: timeout, resolve: resolve)
        self.timeout = timeout
        self.userAgent = userAgent
        self.timeoutAdvice = timeoutAdvice
    }

    private static func makeClient(tls: TLSConfiguration, timeout: TimeAmount, resolve: [String: String])
        -> HTTPClient
    {
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout),
            decompression: .disabled
        )
        configuration.dnsOverride = resolve
        // Fail with the real cause (refused, DNS, TLS) instead of retrying until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// What `url` answers for `file`, or why it answered nothing.
    package func fetch(_ file: HostedFile, url: String) async -> FetchedFile {
        FetchedFile(file: file, url: url, outcome: await outcome(of: url))
    }

    /// Closes the connections; no fetch may follow.
    package func shutdown() async {
        try? await client.shutdown()
        try? await uncheckedClient.shutdown()
    }

    private func request(_ url: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json, application/pkcs7-mime;q=0.9, */*;q=0.1")
        return request
    }

    private func outcome(of url: String) async -> FetchedFile.Outcome {
        let request = request(url)
        do {
            let response = try await client.execute(request, timeout: timeout)
            var body: [UInt8] = []
            var fullLength: Int?
            for try await chunk in response.body {
                body += chunk.readableBytesView
                if body.count > HostingFetcher.readingLimit {
                    fullLength = response.headers.first(name: "Content-Length").flatMap(Int.init) ?? body.count
                    break
                }
            }
            let headers = response.headers.map { (name: $0.name, value: $0.value) }
            return .response(
                .init(status: Int(response.status.code), headers: headers, body: body, fullLength: fullLength))
        } catch  where Self.isTLSError(error) {
            return .failed(await tlsFailure(error, url: url))
        } catch {
            return .failed(HostingFetcher.failure(for: error, url: url, timeoutAdvice: timeoutAdvice))
        }
    }

    /// Whether `error` is NIOSSL's: the TLS handshake (or the name check after it) failed.
    package static func isTLSError(_ error: any Error) -> Bool {
        error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError
    }

    /// What a TLS failure was, told apart by the error's type and by an experiment, never by its
    /// text: a certificate that does not name the host is NIOSSL's `failedToValidateHostname`;
    /// otherwise, when the same request gets an answer without certificate checks, the
    /// certificate was not trusted; when it does not, the handshake itself failed.
    private func tlsFailure(_ error: any Error, url: String) async -> FetchFailure {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return FetchFailure(.tls, message: "the certificate does not name this host [\(error)]")
        }
        if let response = try? await uncheckedClient.execute(request(url), timeout: timeout) {
            _ = try? await response.body.collect(upTo: HostingFetcher.readingLimit)
            return FetchFailure(
                .tls, message: "the certificate is not trusted (unknown issuer, expired, or self-signed)")
        }
        return FetchFailure(.tls, message: "the TLS handshake failed [\(error)]")
    }

    /// Sorts a client error other than a TLS one (see ``isTLSError(_:)``) into one of the reasons
    /// the check could not be made.
    package static func failure(
        for error: any Error, url: String, timeoutAdvice: String = "raise it with --timeout SECONDS"
    ) -> FetchFailure {
        switch error {
        case let error as NIOConnectionError:
            let refused = error.connectionErrors.contains { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }
            if refused {
                return FetchFailure(
                    .connectionRefused,
                    message: "connection refused: nothing accepts connections at \(error.host) port \(error.port)")
            }
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return FetchFailure(.dns, message: "the host name \(error.host) does not resolve (DNS lookup failed)")
            }
            return FetchFailure(.other, message: "could not connect to \(error.host) port \(error.port): \(error)")
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            let split = SplitURL(url)
            let place = "\(split?.host ?? url) port \(split?.portNumber ?? 443)"
            return FetchFailure(
                .connectionRefused, message: "connection refused: nothing accepts connections at \(place)")
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout, .writeTimeout,
                .getConnectionFromPoolTimeout:
                return FetchFailure(
                    .timeout, message: "no answer within the time limit (\(error)); \(timeoutAdvice)")
            case .remoteConnectionClosed:
                return FetchFailure(.other, message: "the server closed the connection without answering")
            default:
                return FetchFailure(.other, message: "the request failed: \(error)")
            }
        case let error as ChannelError:
            if case .connectTimeout = error {
                return FetchFailure(
                    .timeout, message: "could not connect within the time limit; \(timeoutAdvice)")
            }
            return FetchFailure(.other, message: "the connection failed: \(error)")
        case let error as SocketAddressError.UnknownHost:
            // NIO's getaddrinfo resolver fails a lookup with this type (no text to search).
            return FetchFailure(.dns, message: "the host name \(error.host) does not resolve (DNS lookup failed)")
        case is SocketAddressError:
            return FetchFailure(.dns, message: "the host name does not resolve (DNS lookup failed)")
        default:
            return FetchFailure(.other, message: "the request failed: \(error)")
        }
    }
}
