import Foundation
import LinkCore
import Synchronization

/// The sign-ins waiting for their callback, by `state`: each is taken once (a replayed callback
/// finds nothing), only by the browser that started it, and only within ``lifetime``.
///
/// In memory: a pending sign-in lives for minutes, and a restart only asks the person to click
/// "Sign in with single sign-on" again. Bounded, so that a flood of started sign-ins cannot grow
/// it without end (the oldest go first).
package final class OIDCFlowStore: Sendable {
    /// How long a started sign-in may take.
    package let lifetime: TimeInterval
    /// Pending sign-ins kept at most.
    package let capacity: Int
    private let clock: ServiceClock
    private let pending = Mutex<[String: OIDCPendingSignIn]>([:])

    package init(lifetime: TimeInterval = 600, capacity: Int = 10_000, clock: ServiceClock = .system) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.clock = clock
    }

    /// Keeps a new sign-in for the browser whose cookie value is `browser`; returns its `state`.
    package func begin(browser: String, nonce: String, pkce: PKCE, invitation: String?) -> String {
        let state = RandomText.make(length: 43, from: RandomText.lettersAndDigits)
        let now = clock.now()
        let signIn = OIDCPendingSignIn(
            browserHash: APIKey.hash(browser), nonce: nonce, pkce: pkce, invitation: invitation,
            expiresAt: now.addingTimeInterval(lifetime))
        pending.withLock { pending in
            if pending.count >= capacity {
                pending = pending.filter { $0.value.expiresAt > now }
                if pending.count >= capacity, let oldest = pending.min(by: { $0.value.expiresAt < $1.value.expiresAt })
                {
                    pending[oldest.key] = nil
                }
            }
            pending[state] = signIn
        }
        return state
    }

    /// Takes the sign-in of `state` for the browser whose cookie value is `browser` (`nil` when
    /// the cookie is missing). A state is taken once, whatever the outcome: a second callback
    /// with it is ``OIDCSignInError/unknownState``.
    package func take(state: String, browser: String?) throws(OIDCSignInError) -> OIDCPendingSignIn {
        guard let signIn = pending.withLock({ $0.removeValue(forKey: state) }) else { throw .unknownState }
        guard let browser, ConstantTime.equal(Array(APIKey.hash(browser).utf8), Array(signIn.browserHash.utf8)) else {
            throw .stateFromAnotherBrowser
        }
        guard signIn.expiresAt > clock.now() else { throw .stateExpired }
        return signIn
    }

    /// Sign-ins waiting now (expired ones included until they are taken or pushed out).
    package var count: Int { pending.withLock { $0.count } }
}
