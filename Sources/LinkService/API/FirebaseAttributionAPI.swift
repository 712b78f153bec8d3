import Hummingbird
import LinkCore

/// Firebase Dynamic Links' iOS SDK calls, `POST /v1/installAttribution` (first launch) and
/// `POST /v1/reopenAttribution` (opened by a link), answered with FDL's error shape:
/// `501 UNIMPLEMENTED`, with a message that names Wayfinder's way.
///
/// They are refused on purpose (Documentation/MigratingFromFirebase.md says why in full): the SDK
/// sends them to Google's host, written into it (`kIosPostInstallAttributionRestBaseUrl` and
/// `kiOSReopenRestBaseUrl` in firebase-ios-sdk's `FIRDynamicLinkNetworking.m`), so an app reaches
/// Wayfinder only after its code changes, and then `DeferredLinkClaimer` (deterministic, no key)
/// and the resolve call are the calls to make; `installAttribution`'s body is device heuristics
/// (screen size, locale, time zone, model), the fingerprinting Wayfinder does not do; and the SDK
/// sends the app's `?key=`, while a Wayfinder key makes and deletes links and must not ship in an
/// app. The key is still checked first, as on every FDL call, so a client learns about a wrong key
/// before it learns that the call is not offered.
package struct FirebaseAttributionAPI: Sendable {
    package static let installMessage =
        "installAttribution is not offered by Wayfinder: it does not match installs by device heuristics. Claim the deferred deep link with DeferredLinkClaimer (DeepLinkRouting), which reads the wf_claim token from the install referrer or the pasted link and calls POST /api/v1/deferred/claims."
    package static let reopenMessage =
        "reopenAttribution is not offered by Wayfinder: route the opened link with DeepLinkRouting, or ask GET /api/v1/resolve?url=<short link> for a short link's destination."

    /// Registers both calls on the FDL calls' group (key checked, errors in FDL's shape).
    package func register(on calls: RouterGroup<APIRequestContext>) {
        for (path, message) in [
            ("/v1/installAttribution", Self.installMessage), ("/v1/reopenAttribution", Self.reopenMessage),
        ] {
            calls.post(RouterPath(path)) { _, _ -> Response in
                throw FirebaseAPIError(.notImplemented, message)
            }
        }
    }
}
