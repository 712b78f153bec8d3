import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A live OpenID Connect provider on loopback: PyPI's `oidc-provider-mock` (a real provider for
/// tests: discovery, authorization, token endpoint, JWKS, RS256 ID tokens), started on a free port.
///
/// Any client id and secret are accepted; a test signs a person in by posting `sub` to the
/// authorization URL (the form a person would submit), and the provider redirects to the
/// client's callback with a code.
public final class OIDCTestProvider: Sendable {
    /// Whether `python3` can import `oidc_provider_mock` (CI installs it: .ci/run).
    public static let isAvailable: Bool = {
        guard let result = try? ChildProcess.run("python3", ["-c", "import oidc_provider_mock"]) else { return false }
        return result.status == 0
    }()
    /// Why tests that need it are skipped.
    public static let skipNote =
        "python3 with oidc-provider-mock is not installed; python3 -m pip install oidc-provider-mock to run these tests"

    let process: ChildProcess
    public let port: Int

    /// The provider's issuer, as its discovery document and ID tokens give it.
    public var issuer: String { "http://127.0.0.1:\(port)" }

    private init(process: ChildProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Starts a provider that knows `users` (subject → claims, `email` among them) and signs ID
    /// tokens valid for `tokenLifetime` seconds, and waits until its discovery document answers.
    public static func start(users: [String: [String: String]] = [:], tokenLifetime: Int = 3600) async throws
        -> OIDCTestProvider
    {
        let directory = try TemporaryDirectory(prefix: "wayfinder-oidc")
        defer { directory.remove() }
        var log = ""
        // A port is free when picked, not when the server binds it: on a clash the provider
        // exits at once, and it is started again on another.
        for attempt in 1...3 {
            let port = try await freeLoopbackPort()
            let logPath = directory.path("provider-\(attempt).log")
            var arguments = [
                "-m", "oidc_provider_mock", "--host", "127.0.0.1", "--port", String(port), "--token-max-age",
                String(tokenLifetime),
            ]
            for (subject, claims) in users.sorted(by: { $0.key < $1.key }) {
                var all = claims
                all["sub"] = subject
                let json = try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys])
                arguments += ["--user-claims", String(decoding: json, as: UTF8.self)]
            }
            let process = try ChildProcess.start(
                "/usr/bin/env", ["python3"] + arguments,
                environment: ProcessInfo.processInfo.environment.merging(
                    ["PYTHONWARNINGS": "ignore"], uniquingKeysWith: { $1 }),
                standardOutput: .file(logPath), standardError: .standardOutput)
            let provider = OIDCTestProvider(process: process, port: port)
            let ready = await eventually(within: .seconds(60), every: .milliseconds(100)) {
                guard process.isRunning else { return true }
                return await provider.answers()
            }
            if ready && process.isRunning { return provider }
            provider.stop()
            log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        }
        throw StartFailure(log: log)
    }

    struct StartFailure: Error, CustomStringConvertible {
        var log: String
        var description: String {
            "oidc-provider-mock did not answer its discovery document in three tries of 60 s; it printed:\n\(log)"
        }
    }

    /// Stops the provider.
    public func stop() {
        process.signal(SIGTERM)
    }

    private func answers() async -> Bool {
        guard let url = URL(string: issuer + "/.well-known/openid-configuration"),
            let (_, response) = try? await URLSession.shared.data(from: url)
        else { return false }
        return (response as? HTTPURLResponse)?.statusCode == 200
    }
}
