import Foundation

/// Turns incoming links into opened screens: the actor an app hands every URL to.
///
/// For each link, in order: read it (unwrapping App Links), apply the scheme and host filter,
/// match it against the ``RouteTable`` (then ask plugins), hold it while the router is not yet
/// active, pass the mandatory and the route's barriers, and run the route's handler under its
/// timeout. Every call answers with one ``DeepLinkOutcome``. One link is handled at a time; a newer
/// link supersedes one still waiting on a barrier. Build one with ``RouterBuilder``.
///
/// ``canOpen(_:)`` and ``resolve(_:)`` answer synchronously from the table without running
/// anything.
public actor Router {
    struct RouteHandler: Sendable {
        var timeout: Duration?
        var isShowing: (@Sendable (RouteMatch) async -> Bool)?
        var run: @Sendable (RouteMatch) async throws -> Void
    }

    private struct PendingLink {
        var link: DeepLink
        var arrived: Duration
    }

    /// The frozen route table links are matched against; the same one ``RouterBuilder`` was given.
    public nonisolated let table: RouteTable
    /// The settings the router was built with; fixed for its lifetime.
    public nonisolated let configuration: Configuration
    private let handlers: [String: RouteHandler]
    private let barriers: [String: any Barrier]
    private let plugins: [any DeepLinkPlugin]
    private let notFoundHandler: (@Sendable (DeepLink) async -> Void)?
    private let forbiddenHandler: (@Sendable (DeepLink, String) async -> Void)?
    private let observer: (@Sendable (DeepLink, DeepLinkOutcome) async -> Void)?

    private var isActive = false
    private var pending: [PendingLink] = []
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The barrier wait of the link being handled, which a newer link may end.
    private var barrierWait: Race<Bool>? = nil

    init(_ builder: RouterBuilder) {
        table = builder.table
        configuration = builder.configuration
        handlers = builder.handlers
        barriers = builder.barriers
        plugins = builder.plugins
        notFoundHandler = builder.notFound
        forbiddenHandler = builder.forbidden
        observer = builder.observer
    }

    /// What the table makes of `url`; runs nothing.
    public nonisolated func resolve(_ url: URL) -> Resolution {
        table.resolve(url)
    }

    /// Whether `url` passes the filter and matches a route; runs nothing (plugins are not asked).
    public nonisolated func canOpen(_ url: URL) -> Bool {
        guard let link = try? DeepLink(url: url), configuration.filter.reasonToForbid(link) == nil else { return false }
        return table.resolve(link).match != nil
    }

    /// Opens a URL the app was given (a universal link, custom-scheme link or App Link).
    public func open(_ url: URL) async -> DeepLinkOutcome {
        do {
            return await open(try DeepLink(url: url))
        } catch {
            return .invalid(reason: error.reason)
        }
    }

    /// Opens a link read elsewhere, such as from a push payload with ``DeepLink/init(notification:key:)``.
    public func open(_ link: DeepLink) async -> DeepLinkOutcome {
        let outcome = await process(link)
        await observer?(link, outcome)
        return outcome
    }

    /// For callers that cannot await: opens `url` and calls `completion` with the outcome.
    public nonisolated func open(_ url: URL, completion: @escaping @Sendable (DeepLinkOutcome) -> Void) {
        Task { completion(await open(url)) }
    }

    /// Declares the app ready (its UI can show screens) and replays the pending links, answering
    /// their outcomes in order. Links that waited longer than the configuration's maximum age are
    /// dropped.
    @discardableResult
    public func activate() async -> [(link: DeepLink, outcome: DeepLinkOutcome)] {
        isActive = true
        let now = configuration.clock.now()
        let held = pending
        pending = []
        var outcomes: [(link: DeepLink, outcome: DeepLinkOutcome)] = []
        for entry in held {
            if let maxAge = configuration.pendingMaxAge, now - entry.arrived > maxAge { continue }
            outcomes.append((entry.link, await open(entry.link)))
        }
        return outcomes
    }

    /// Holds links again until the next ``activate()`` (the app's UI went away).
    public func deactivate() {
        isActive = false
    }

    private func process(_ link: DeepLink) async -> DeepLinkOutcome {
        if let reason = forbiddenReason(link) {
            await forbiddenHandler?(link, reason)
            return .forbidden(reason: reason)
        }
        let resolution = table.resolve(link)
        switch resolution {
        case .excluded: return .excluded
        case .invalid(let reason): return .invalid(reason: reason)
        case .notDeepLink where plugins.isEmpty: return .notDeepLink
        case .notFound where plugins.isEmpty && notFoundHandler == nil: return .notFound
        case .matched, .notFound, .notDeepLink: break
        }
        // Whatever may run the app's code (a handler, a plugin, the not-found handler) waits for
        // the app to be ready.
        guard isActive else { return await hold(link) }
        await acquireTurn()
        defer { releaseTurn() }
        if let match = resolution.match {
            return await run(
                match, handler: handlers[match.route], barrierNames: configuration.mandatoryBarriers + match.barriers)
        }
        for plugin in plugins {
            let answer = await plugin.shouldHandle(link)
            let pluginBarriers: [String]
            let data: (any Sendable)?
            switch answer {
            case .no: continue
            case .yes(let value):
                (pluginBarriers, data) = ([], value)
            case .yesWithBarrier(let name, let value):
                (pluginBarriers, data) = ([name], value)
            }
            let match =
                (data as? RouteMatch)
                ?? RouteMatch(
                    route: plugin.name, pattern: "", source: link.source, url: link.url, appLink: link.appLink)
            let handler = RouteHandler(timeout: nil, isShowing: nil) { match in
                try await plugin.handle(link, match: match, data: data)
            }
            return await run(match, handler: handler, barrierNames: configuration.mandatoryBarriers + pluginBarriers)
        }
        if case .notDeepLink = resolution { return .notDeepLink }
        await notFoundHandler?(link)
        return .notFound
    }

    private func forbiddenReason(_ link: DeepLink) -> String? {
        if let reason = configuration.filter.reasonToForbid(link) { return reason }
        if let target = link.appLink?.targetURL, let targetLink = try? DeepLink(url: target) {
            return configuration.filter.reasonToForbid(targetLink)
        }
        return nil
    }

    private func hold(_ link: DeepLink) async -> DeepLinkOutcome {
        if configuration.pendingPolicy == .latestOnly {
            let replaced = pending
            pending = []
            for entry in replaced { await observer?(entry.link, .superseded) }
        }
        pending.append(PendingLink(link: link, arrived: configuration.clock.now()))
        return .pending
    }

    private func run(_ match: RouteMatch, handler: RouteHandler?, barrierNames: [String]) async -> DeepLinkOutcome {
        if let isShowing = handler?.isShowing, await isShowing(match) { return .alreadyShowing(match) }
        for name in barrierNames {
            guard let barrier = barriers[name] else { return .blocked(barrier: name) }
            let race = Race<Bool>()
            barrierWait = race
            let result = await race.run(
                timeout: barrier.timeout ?? configuration.barrierTimeout, clock: configuration.clock
            ) {
                switch await barrier.status(for: match) {
                case .passed: true
                case .needsCheck: await barrier.performCheck(for: match)
                }
            }
            barrierWait = nil
            switch result {
            case .value(true): continue
            case .value(false), .timedOut: return .blocked(barrier: name)
            case .superseded: return .superseded
            }
        }
        guard let handler else { return .failed(HandlingError.noHandler(route: match.route)) }
        let race = Race<Result<Void, any Error>>()
        let result = await race.run(
            timeout: handler.timeout ?? configuration.handlerTimeout, clock: configuration.clock
        ) {
            do {
                try await handler.run(match)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .value(.success): return .opened(match)
        case .value(.failure(let error)): return .failed(error)
        case .timedOut: return .timedOut
        case .superseded: return .superseded
        }
    }

    /// Waits until no other link is being handled; a link waiting on a barrier is superseded
    /// when the configuration says so.
    private func acquireTurn() async {
        guard busy else {
            busy = true
            return
        }
        if configuration.newerLinkSupersedesWaiting, let barrierWait {
            barrierWait.finish(.superseded)
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func releaseTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
